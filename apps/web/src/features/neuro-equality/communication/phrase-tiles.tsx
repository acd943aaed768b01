import { Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { Category, Phrase } from "./board";
import { SymbolImage } from "./symbol-image";

/** The thick, steady outline of the control scanning highlights (and of keyboard focus). */
export const SCAN_HIGHLIGHT =
  "data-[scan-active]:outline-[6px] data-[scan-active]:outline-offset-2 data-[scan-active]:outline-ring data-[scan-active]:outline";

/** The chosen category's tiles: a symbol and its phrase; custom ones can be removed in builder mode. */
export function PhraseTiles({
  category,
  symbols,
  builder,
  onChoose,
  onRemove,
}: {
  category: Category;
  symbols: Map<string, string> | undefined;
  builder: boolean;
  onChoose: (phrase: Phrase) => void;
  onRemove: (phrase: Phrase) => void;
}) {
  return (
    <ul aria-label={`${category.name} phrases`} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {category.phrases.map((phrase) => (
        <li key={phrase.id} className="grid gap-1">
          <button
            type="button"
            data-scan
            aria-label={phrase.text}
            onClick={() => onChoose(phrase)}
            className={cn(
              "grid min-h-32 place-items-center gap-2 rounded-xl border-2 border-border bg-card p-3 text-center text-base font-medium text-card-foreground hover:bg-accent",
              "focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-ring",
              SCAN_HIGHLIGHT,
            )}
          >
            <SymbolImage svg={symbols?.get(phrase.symbol)} alt={phrase.text} className="size-16" />
            <span className="break-words">{phrase.text}</span>
          </button>
          {builder && phrase.custom ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onRemove(phrase)}
              aria-label={`Remove phrase ${phrase.text}`}
            >
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The categories as toggle buttons, each with its symbol. */
export function CategoryPicker({
  categories,
  chosenId,
  symbols,
  onChoose,
}: {
  categories: Category[];
  chosenId: string;
  symbols: Map<string, string> | undefined;
  onChoose: (category: Category) => void;
}) {
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2">
        {categories.map((category) => (
          <li key={category.id}>
            <button
              type="button"
              data-scan
              aria-pressed={category.id === chosenId}
              onClick={() => onChoose(category)}
              className={cn(
                "inline-flex h-12 items-center gap-2 rounded-full border-2 px-4 text-sm font-medium",
                "focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-ring",
                category.id === chosenId
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-card text-foreground hover:bg-accent",
                SCAN_HIGHLIGHT,
              )}
            >
              <SymbolImage svg={symbols?.get(category.symbol)} alt="" className="size-6" />
              {category.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
