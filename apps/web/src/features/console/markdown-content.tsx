import type { Element, ElementContent } from "hast";
import { createContext, memo, useContext, useDeferredValue, useMemo } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { CodeBlock } from "./code-block";
import { splitMarkdownBlocks } from "./markdown-blocks";
import { safeHref } from "./safe-link";

const remarkPlugins = [remarkGfm];

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

/**
 * Whether the message is stored (true) or still streaming. A context, not a prop of the
 * blocks: when the stored reply replaces its stream, the blocks are not parsed again.
 */
const FinalContext = createContext(true);

function BlockCode(props: {
  code: string;
  language: string | undefined;
  blockKey: string;
  sessionId: string;
}) {
  const final = useContext(FinalContext);
  return <CodeBlock {...props} final={final} />;
}

/** Renderers for untrusted markdown: no raw HTML, only safe links, images as links. */
function makeComponents(keyPrefix: string, sessionId: string): Components {
  return {
    pre({ node }) {
      const code = node?.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      const text = textOf(code?.children ?? []).replace(/\n$/, "");
      const offset = node?.position?.start.offset ?? 0;
      return (
        <BlockCode
          code={text}
          language={languageOf(code)}
          blockKey={`${keyPrefix}:${offset}`}
          sessionId={sessionId}
        />
      );
    },
    a({ href, children }) {
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
  sessionId,
}: {
  text: string;
  keyPrefix: string;
  sessionId: string;
}) {
  const components = useMemo(() => makeComponents(keyPrefix, sessionId), [keyPrefix, sessionId]);
  return (
    <Markdown remarkPlugins={remarkPlugins} components={components}>
      {text}
    </Markdown>
  );
});

/**
 * A message's markdown, block by block: a block whose text has not changed is not parsed
 * again, so a streaming reply only re-parses its last block.
 */
export const MarkdownContent = memo(function MarkdownContent({
  content,
  messageId,
  sessionId,
  final,
}: {
  content: string;
  messageId: string;
  sessionId: string;
  final: boolean;
}) {
  // While a reply streams, its re-render runs at low priority and in slices (React yields to
  // the browser between blocks), so new tokens never hold the main thread for long.
  const text = useDeferredValue(content);
  const blocks = useMemo(() => splitMarkdownBlocks(text), [text]);
  return (
    <FinalContext.Provider value={final}>
      <div className="markdown">
        {blocks.map((block, index) => (
          <MarkdownBlock
            // Blocks only grow at the end while streaming: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            text={block}
            keyPrefix={`${messageId}:${index}`}
            sessionId={sessionId}
          />
        ))}
      </div>
    </FinalContext.Provider>
  );
});
