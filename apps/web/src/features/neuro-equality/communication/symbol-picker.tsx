import { useEffect, useState } from "react";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useSymbolSearch } from "@/lib/resources/symbols";
import { SymbolImage, symbolLabel } from "./symbol-image";

/** Waits for typing to pause before searching. */
const SEARCH_PAUSE_MS = 300;

/** Searches the symbol set by name and lets the person choose one (a group of toggle buttons). */
export function SymbolPicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: string | null;
  onChoose: (name: string) => void;
  error?: string;
}) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useSymbolSearch(query);
  const results = search.data ?? [];
  return (
    <div className="grid gap-2">
      <Field label="Search symbols" error={error} hint="Type a word such as dog, pizza or happy.">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={text}
            maxLength={60}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
      </Field>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {search.isError
          ? errorMessage(search.error, "The symbols could not be searched.")
          : query.trim() && search.isSuccess
            ? `${results.length} symbol${results.length === 1 ? "" : "s"} found${chosen ? `; chosen: ${symbolLabel(chosen)}` : ""}`
            : chosen
              ? `Chosen: ${symbolLabel(chosen)}`
              : ""}
      </p>
      {results.length > 0 ? (
        <ul
          aria-label="Symbols found"
          className="grid max-h-56 grid-cols-4 gap-2 overflow-y-auto p-1 sm:grid-cols-6"
        >
          {results.map((symbol) => (
            <li key={symbol.name}>
              <button
                type="button"
                aria-pressed={symbol.name === chosen}
                onClick={() => onChoose(symbol.name)}
                className={cn(
                  "grid w-full place-items-center rounded-lg border-2 p-1.5",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  symbol.name === chosen ? "border-primary bg-accent" : "border-transparent hover:bg-accent",
                )}
              >
                <SymbolImage svg={symbol.svg} alt={symbolLabel(symbol.name)} className="size-10" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
