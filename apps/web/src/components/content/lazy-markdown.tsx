import { type ComponentProps, lazy, Suspense } from "react";
import type { MarkdownContent as Eager } from "./markdown-content";

const load = () => import("./markdown-content");
const MarkdownContent = lazy(() => load().then((m) => ({ default: m.MarkdownContent })));

/** Starts loading the markdown renderer (about 50 kB) before a reply needs it. */
export const preloadMarkdown = (): void => void load();

/**
 * MarkdownContent loaded when first shown: screens that may show no markdown at first (an empty
 * chat, a note without preview) do not ship the parser. Until it has loaded, the text shows as
 * written.
 */
export function LazyMarkdownContent(props: ComponentProps<typeof Eager>) {
  return (
    <Suspense fallback={<p className="text-sm break-words whitespace-pre-wrap">{props.content}</p>}>
      <MarkdownContent {...props} />
    </Suspense>
  );
}
