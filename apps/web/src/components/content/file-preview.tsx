import { extensionOf, imageTypeOf } from "@neuroos/contracts";
import { useEffect, useState } from "react";
import { baseName } from "@/lib/resources/files";
import { LazyMarkdownContent } from "./lazy-markdown";

/** Whether a file is Markdown, shown rendered (its source a click away). */
export const isMarkdown = (path: string) => ["md", "markdown"].includes(extensionOf(path));

/** Whether a file is a PDF, previewed page by page (PdfPreview in ./pdf-preview, pdf.js loaded then). */
export const isPdf = (path: string) => extensionOf(path) === "pdf";

/** PDFs larger than this are not previewed (their bytes are read whole): they are offered as a download. */
export const PDF_PREVIEW_MAX_BYTES = 50 * 1024 * 1024;

/**
 * An image file shown as an image: its bytes made a blob of the type its name says (an SVG in an
 * <img> runs no script), freed when the preview closes.
 */
export function ImagePreview({
  path,
  content,
  encoding,
}: {
  path: string;
  content: string;
  encoding: "utf8" | "base64";
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const bytes =
      encoding === "base64"
        ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(content);
    const made = URL.createObjectURL(
      new Blob([bytes], { type: imageTypeOf(path) ?? "application/octet-stream" }),
    );
    setUrl(made);
    setBroken(false);
    return () => URL.revokeObjectURL(made);
  }, [path, content, encoding]);
  if (broken)
    return (
      <p role="alert" className="p-5 text-sm text-danger-text">
        {baseName(path)} could not be shown as an image: it may be damaged, or not the kind of image its name
        says.
      </p>
    );
  return url ? (
    <div className="flex min-h-0 items-center justify-center overflow-auto bg-muted/40 p-4">
      <img
        src={url}
        alt={`Preview of ${baseName(path)}`}
        className="max-h-[60dvh] max-w-full object-contain"
        onError={() => setBroken(true)}
      />
    </div>
  ) : null;
}

/** A Markdown file rendered as it reads. */
export function MarkdownPreview({ path, content }: { path: string; content: string }) {
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
      tabIndex={0}
      aria-label={`Preview of ${baseName(path)}`}
      className="min-h-0 overflow-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <LazyMarkdownContent content={content} textKey={path} />
    </section>
  );
}
