import { Check, Copy } from "lucide-react";
import { memo, type ReactNode, useState } from "react";
import { Button } from "../ui/button";
import { useHighlight } from "./use-highlight";

interface CodeBlockProps {
  code: string;
  /** The block's language as written after the fence (normalised by the caller), or "". */
  language: string;
  /** False while the text still streams: no highlighting yet. */
  highlight?: boolean;
  /** Buttons after Copy (e.g. the console's Run). */
  actions?: ReactNode;
  /** Shown under the code (e.g. a run's output). */
  children?: ReactNode;
}

/** A code block: highlighted, copyable, with room for a screen's own actions and output. */
export const CodeBlock = memo(function CodeBlock({
  code,
  language,
  highlight = true,
  actions,
  children,
}: CodeBlockProps) {
  const highlighted = useHighlight(code, language || undefined, highlight);
  const [copied, setCopied] = useState(false);

  const onCopy = () => {
    navigator.clipboard?.writeText(code).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      () => {},
    );
  };

  return (
    <figure className="my-3 overflow-hidden rounded-lg border border-border bg-muted/50">
      {/* The buttons wrap under the language when the pane is narrow; the language keeps one
          line (ellipsis past its width), never one letter a line (.markdown breaks anywhere). */}
      <figcaption className="flex flex-wrap items-center gap-1 border-b border-border bg-muted px-3 py-1">
        <span
          className="min-w-0 flex-auto truncate font-mono text-xs text-muted-foreground [overflow-wrap:normal]"
          title={language || "text"}
        >
          {language || "text"}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={onCopy}
          aria-label={copied ? "Copied" : "Copy code"}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? "Copied" : "Copy"}</span>
        </Button>
        {actions}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
        tabIndex={0}
        className="hljs overflow-x-auto px-4 py-3 font-mono text-[13px] leading-5"
      >
        <code>{highlighted ?? code}</code>
      </pre>
      {children}
    </figure>
  );
});
