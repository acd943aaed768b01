import type { SavedPrompt } from "@neuroos/contracts";
import { Star } from "lucide-react";
import { cn } from "@/lib/cn";

/** The saved prompts, favourites first then newest (the order is given). */
export function PromptList({
  prompts,
  selectedId,
  onSelect,
}: {
  prompts: SavedPrompt[];
  selectedId: string | null;
  onSelect: (prompt: SavedPrompt) => void;
}) {
  return (
    <section aria-label="Saved prompts" className="grid content-start gap-2">
      <h2 className="text-sm font-semibold">Saved prompts</h2>
      {prompts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No saved prompts yet: write one and Save it.</p>
      ) : (
        <ul className="grid gap-1">
          {prompts.map((prompt) => (
            <li key={prompt.id}>
              <button
                type="button"
                aria-current={prompt.id === selectedId ? "true" : undefined}
                onClick={() => onSelect(prompt)}
                className={cn(
                  "grid w-full gap-0.5 rounded-md border border-border px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  prompt.id === selectedId && "border-primary bg-accent",
                )}
              >
                <span className="flex items-center gap-1 font-medium">
                  {prompt.isFavorite ? (
                    <Star aria-label="Favourite" className="size-3.5 fill-current" />
                  ) : null}
                  <span className="truncate">{prompt.title}</span>
                </span>
                <span className="truncate text-xs text-muted-foreground">{prompt.content}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
