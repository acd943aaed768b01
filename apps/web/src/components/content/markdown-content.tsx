import type { Element, ElementContent } from "hast";
import { createContext, memo, type ReactNode, useContext, useDeferredValue, useMemo } from "react";
import Markdown, { type Components, type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import { type Citation, parseCitationHref, remarkCitations } from "./citations";
import { CodeBlock } from "./code-block";
import { splitMarkdownBlocks } from "./markdown-blocks";
import { safeHref } from "./safe-link";

const remarkPlugins = [remarkGfm];
const NO_SOURCES: readonly string[] = [];

function textOf(nodes: readonly ElementContent[]): string {
  return nodes
    .map((node) => (node.type === "text" ? node.value : node.type === "element" ? textOf(node.children) : ""))
    .join("");
}

function languageOf(code: Element | undefined): string | undefined {
  const classes = code?.properties.className;
  const list = Array.isArray(classes) ? classes : [];
  const tag = list.map(String).find((c) => c.startsWith("language-"));
  return tag?.slice("language-".length);
}

/** A fenced code block of the text, as a screen's `renderCode` receives it. */
export interface FencedCode {
  code: string;
  language: string | undefined;
  /** Unique per block: the text's key and the block's place in it. */
  blockKey: string;
  /** False while the text still streams. */
  final: boolean;
}

const plainCode = ({ code, language, final }: FencedCode) => (
  <CodeBlock code={code} language={language ?? ""} highlight={final} />
);

/**
 * Whether the text is final (true) or still streaming, and how code blocks render. A context,
 * not props of the blocks: when the stored reply replaces its stream, blocks are not parsed again.
 */
const FinalContext = createContext(true);
const RenderCodeContext = createContext<(block: FencedCode) => ReactNode>(plainCode);
/** Opens a cited file at its lines; null where citations are plain text. */
const CitationContext = createContext<((c: Citation) => void) | null>(null);

function CitationLink({
  citation,
  label,
  children,
}: {
  citation: Citation;
  /** What a numbered marker ([1]) stands for, read out instead of the number alone. */
  label?: string;
  children: ReactNode;
}) {
  const open = useContext(CitationContext);
  if (!open) return <span>{children}</span>;
  return (
    <a
      href={`#${citation.path}`}
      aria-label={label}
      title={`Open ${citation.path} at lines ${citation.from}-${citation.to}`}
      onClick={(event) => {
        event.preventDefault();
        open(citation);
      }}
    >
      {children}
    </a>
  );
}

function BlockCode(props: Omit<FencedCode, "final">) {
  const final = useContext(FinalContext);
  const render = useContext(RenderCodeContext);
  return render({ ...props, final });
}

/** Renderers for untrusted markdown: no raw HTML, only safe links, images as links. */
function makeComponents(keyPrefix: string): Components {
  return {
    pre({ node }) {
      const code = node?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      const text = textOf(code?.children ?? []).replace(/\n$/, "");
      const offset = node?.position?.start.offset ?? 0;
      return <BlockCode code={text} language={languageOf(code)} blockKey={`${keyPrefix}:${offset}`} />;
    },
    a({ href, title, children }) {
      const citation = parseCitationHref(href);
      if (citation)
        return (
          <CitationLink citation={citation} label={title ?? undefined}>
            {children}
          </CitationLink>
        );
      const safe = safeHref(href);
      if (!safe) return <span className="text-foreground">{children}</span>;
      return (
        <a href={safe} target="_blank" rel="noopener noreferrer nofollow ugc">
          {children}
        </a>
      );
    },
    img({ src, alt }) {
      const safe = safeHref(typeof src === "string" ? src : undefined);
      const label = `Image${alt ? `: ${alt}` : ""}`;
      return safe ? (
        <a href={safe} target="_blank" rel="noopener noreferrer nofollow ugc">
          [{label}]
        </a>
      ) : (
        <span>[{label}]</span>
      );
    },
    table({ children }) {
      return (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; keyboard users must reach it
        <div className="my-3 overflow-x-auto" tabIndex={0}>
          <table>{children}</table>
        </div>
      );
    },
  };
}

const MarkdownBlock = memo(function MarkdownBlock({
  text,
  keyPrefix,
  citations,
  sources,
}: {
  text: string;
  keyPrefix: string;
  citations: boolean;
  sources: readonly string[];
}) {
  const components = useMemo(() => makeComponents(keyPrefix), [keyPrefix]);
  const plugins = useMemo<NonNullable<Options["remarkPlugins"]>>(
    () => (citations ? [remarkGfm, [remarkCitations, { sources }]] : remarkPlugins),
    [citations, sources],
  );
  return (
    <Markdown remarkPlugins={plugins} components={components}>
      {text}
    </Markdown>
  );
});

/**
 * Untrusted markdown (a model's reply, a note), block by block: a block whose text has not
 * changed is not parsed again, so a streaming reply only re-parses its last block. Code blocks
 * are highlighted and copyable; a screen may render them its own way (`renderCode`, stable).
 */
export const MarkdownContent = memo(function MarkdownContent({
  content,
  textKey,
  final = true,
  renderCode = plainCode,
  onCitation = null,
  sources = NO_SOURCES,
}: {
  content: string;
  /** Unique per text (e.g. the message id): code blocks are keyed by it. */
  textKey: string;
  final?: boolean;
  renderCode?: (block: FencedCode) => ReactNode;
  /** Makes `/home/user/...:from-to` citations links that call this (stable). */
  onCitation?: ((c: Citation) => void) | null;
  /** The passages the message answered was sent with (their citations): `[1]` opens the first. */
  sources?: readonly string[];
}) {
  // While a reply streams, its re-render runs at low priority and in slices (React yields to
  // the browser between blocks), so new tokens never hold the main thread for long.
  const text = useDeferredValue(content);
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <CitationContext.Provider value={onCitation}>
      <RenderCodeContext.Provider value={renderCode}>
        <FinalContext.Provider value={final}>
          <div className="markdown">
            {blocks.map((block, index) => (
              <MarkdownBlock
                // Blocks only grow at the end while streaming: the index is a stable key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                text={block}
                keyPrefix={`${textKey}:${index}`}
                citations={onCitation !== null}
                sources={sources}
              />
            ))}
          </div>
        </FinalContext.Provider>
      </RenderCodeContext.Provider>
    </CitationContext.Provider>
  );
});
