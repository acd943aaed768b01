import { Check, Copy, Play } from "lucide-react";
import { memo, useCallback, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { useStore } from "../../lib/store";
import { useConsole } from "./console-context";
import { type ExecutionState, isExecuting } from "./execution-state";
import { RunOutput } from "./run-output";
import { requestRun } from "./run-request";
import { isRunnable, normaliseLanguage, runFrame } from "./runnable";
import { useHighlight } from "./use-highlight";

interface CodeBlockProps {
  code: string;
  language: string | undefined;
  /** Unique per block: the message id and the block's place in it. */
  blockKey: string;
  sessionId: string;
  /** False while the reply streams: no highlighting and no Run until it is stored. */
  final: boolean;
}

const selectExecuting = (sessionId: string) => (state: ExecutionState) => isExecuting(state, sessionId);

/** A fenced code block: highlighted, copyable, and runnable for python, javascript, shell and bash. */
export const CodeBlock = memo(function CodeBlock({
  code,
  language,
  blockKey,
  sessionId,
  final,
}: CodeBlockProps) {
  const { channel, executions, activity } = useConsole();
  const lang = normaliseLanguage(language);
  const highlighted = useHighlight(code, lang || undefined, final);
  const run = useStore(
    executions,
    useCallback((state: ExecutionState) => state.runs[blockKey], [blockKey]),
  );
  const executing = useStore(
    executions,
    useMemo(() => selectExecuting(sessionId), [sessionId]),
  );
  const [copied, setCopied] = useState(false);
  const runnable = final && isRunnable(lang);

  const onRun = () =>
    requestRun({ channel, executions, activity }, blockKey, runFrame(lang, code, sessionId));

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
      <figcaption className="flex items-center gap-1 border-b border-border bg-muted px-3 py-1">
        <span className="flex-1 font-mono text-xs text-muted-foreground">{lang || "text"}</span>
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
        {runnable ? (
          <Button
            variant="primary"
            size="sm"
            className="h-7 px-2.5 text-xs"
            onClick={onRun}
            disabled={executing}
            title={executing ? "Code is running in this session" : `Run this ${lang} code`}
          >
            <Play aria-hidden="true" />
            Run
          </Button>
        ) : null}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
        tabIndex={0}
        className="hljs overflow-x-auto px-4 py-3 font-mono text-[13px] leading-5"
      >
        <code>{highlighted ?? code}</code>
      </pre>
      {run ? <RunOutput run={run} /> : null}
    </figure>
  );
});
