import { cn } from "@/lib/cn";

/**
 * A symbol drawn from its SVG through an <img> (a data URL): the picture is never inserted into
 * the page as markup, so nothing in it can run. Until the SVG arrives, a quiet box of its size.
 */
export function SymbolImage({
  svg,
  alt,
  className,
}: {
  svg: string | undefined;
  alt: string;
  className?: string;
}) {
  if (!svg) return <span aria-hidden="true" className={cn("block rounded-md bg-muted", className)} />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      className={cn("block", className)}
      draggable={false}
    />
  );
}

/** A symbol's name read as words: `waving-hand` → "waving hand". */
export const symbolLabel = (name: string) => name.replaceAll("-", " ");
