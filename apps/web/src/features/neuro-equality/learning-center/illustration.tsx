import type { Illustration, Swatch } from "./lesson-types";

/** A still picture for a walkthrough step or a practice question; its meaning is also given in words. */
export function IllustrationView({ illustration }: { illustration: Illustration }) {
  switch (illustration.kind) {
    case "fraction":
      return <FractionBar parts={illustration.parts} shaded={illustration.shaded} />;
    case "words":
      return <MarkedWords text={illustration.text} marks={illustration.marks} />;
    case "code":
      return (
        <CodeLines
          lines={illustration.lines}
          highlight={illustration.highlight}
          output={illustration.output}
        />
      );
    case "swatches":
      return (
        <ul aria-label="Colours" className="flex flex-wrap gap-3">
          {illustration.colors.map((color) => (
            <li key={color.name}>
              <SwatchChip swatch={color} />
            </li>
          ))}
        </ul>
      );
    case "mix":
      return (
        <p className="flex flex-wrap items-center gap-3">
          <SwatchChip swatch={illustration.left} />
          <span aria-hidden="true">+</span>
          <span className="sr-only">mixed with</span>
          <SwatchChip swatch={illustration.right} />
          <span aria-hidden="true">=</span>
          <span className="sr-only">makes</span>
          {illustration.result ? (
            <SwatchChip swatch={illustration.result} />
          ) : (
            <span className="grid size-12 place-items-center rounded-lg border-2 border-dashed border-border text-lg font-semibold">
              ?<span className="sr-only">a colour for you to name</span>
            </span>
          )}
        </p>
      );
  }
}

/** A bar of equal parts, some shaded: 'n of m parts shaded' for screen readers. */
export function FractionBar({ parts, shaded }: { parts: number; shaded: number }) {
  const width = 320;
  const part = width / parts;
  return (
    <svg
      role="img"
      aria-label={`A bar cut into ${parts} equal parts, ${shaded} shaded: ${shaded}/${parts}`}
      viewBox={`0 0 ${width} 48`}
      className="h-12 w-full max-w-sm"
    >
      {Array.from({ length: parts }, (_, i) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: a part is its position in the bar
          key={i}
          x={i * part + 1}
          y={1}
          width={part - 2}
          height={46}
          rx={4}
          className={i < shaded ? "fill-primary stroke-foreground" : "fill-card stroke-foreground"}
          strokeWidth={1.5}
        />
      ))}
    </svg>
  );
}

function MarkedWords({ text, marks }: { text: string; marks: string[] }) {
  const marked = new Set(marks.map((m) => m.toLowerCase()));
  const words = text.split(" ");
  return (
    <blockquote className="rounded-lg border border-border bg-muted/40 p-3 leading-relaxed">
      {words.map((word, i) => {
        const bare = word.replace(/[^\p{L}\p{N}']/gu, "").toLowerCase();
        const space = i < words.length - 1 ? " " : "";
        return marked.has(bare) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word is its position in the text
          <span key={i}>
            <mark className="rounded bg-accent px-0.5 font-semibold text-accent-foreground underline">
              {word}
            </mark>
            {space}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a word is its position in the text
          <span key={i}>{`${word}${space}`}</span>
        );
      })}
    </blockquote>
  );
}

export function CodeLines({
  lines,
  highlight,
  output,
}: {
  lines: string[];
  highlight?: number;
  output?: string;
}) {
  return (
    <div className="grid gap-2">
      <pre className="overflow-x-auto rounded-lg border border-border bg-muted/40 p-3 text-sm">
        <code>
          {lines.map((line, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position in the program
              key={i}
              className={
                i === highlight ? "block rounded bg-accent font-semibold text-accent-foreground" : "block"
              }
            >
              {i === highlight ? <span className="sr-only">This line: </span> : null}
              {line || " "}
            </span>
          ))}
        </code>
      </pre>
      {output !== undefined ? (
        <p className="text-sm">
          Output: <samp className="rounded border border-border px-1.5 py-0.5 font-mono">{output}</samp>
        </p>
      ) : null}
    </div>
  );
}

function SwatchChip({ swatch }: { swatch: Swatch }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-12 rounded-lg border border-border"
        style={{ backgroundColor: swatch.hex }}
      />
      <span className="text-sm font-medium">{swatch.name}</span>
    </span>
  );
}
