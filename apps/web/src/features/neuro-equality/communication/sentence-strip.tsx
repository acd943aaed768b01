import { Eraser, Volume2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { StripWord } from "./board";
import { SCAN_HIGHLIGHT } from "./phrase-tiles";
import { SymbolImage } from "./symbol-image";

/** The sentence being built: its words in order (each removable), Speak (the whole sentence) and Clear. */
export function SentenceStrip({
  words,
  symbols,
  onSpeak,
  onRemove,
  onClear,
}: {
  words: StripWord[];
  symbols: Map<string, string> | undefined;
  onSpeak: () => void;
  onRemove: (key: string) => void;
  onClear: () => void;
}) {
  const empty = words.length === 0;
  return (
    <section
      aria-labelledby="sentence-strip-title"
      className="grid gap-2 rounded-xl border border-border bg-card p-3"
    >
      <h2 id="sentence-strip-title" className="text-sm font-semibold">
        Sentence
      </h2>
      {empty ? (
        <p className="text-sm text-muted-foreground">Tap tiles to build a sentence, then speak it.</p>
      ) : (
        <ol aria-label="Sentence words" className="flex flex-wrap gap-2">
          {words.map((word) => (
            <li
              key={word.key}
              className="inline-flex items-center gap-1 rounded-lg border border-border bg-background py-1 pr-1 pl-2"
            >
              <SymbolImage svg={symbols?.get(word.symbol)} alt="" className="size-6" />
              <span className="text-sm">{word.text}</span>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove ${word.text}`}
                onClick={() => onRemove(word.key)}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap gap-2">
        <Button data-scan disabled={empty} onClick={onSpeak} className={cn(SCAN_HIGHLIGHT)}>
          <Volume2 aria-hidden="true" /> Speak
        </Button>
        <Button data-scan variant="outline" disabled={empty} onClick={onClear} className={cn(SCAN_HIGHLIGHT)}>
          <Eraser aria-hidden="true" /> Clear
        </Button>
      </div>
    </section>
  );
}
