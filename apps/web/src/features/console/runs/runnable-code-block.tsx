import { Play } from "lucide-react";
import { memo, useCallback, useMemo } from "react";
import { CodeBlock } from "@/components/content/code-block";
import type { FencedCode } from "@/components/content/markdown-content";
import { Button } from "@/components/ui/button";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import { type ExecutionState, isExecuting } from "./execution-state";
import { RunOutput } from "./run-output";
import { requestRun } from "./run-request";
import { isRunnable, normaliseLanguage, runFrame } from "./runnable";

const selectExecuting = (sessionId: string) => (state: ExecutionState) => isExecuting(state, sessionId);

/** A reply's code block in the console: runnable for python, javascript, shell and bash once stored. */
export const RunnableCodeBlock = memo(function RunnableCodeBlock({
  code,
  language,
  blockKey,
  final,
  sessionId,
}: FencedCode & { sessionId: string }) {
  const { channel, executions, activity } = useConsole();
  const lang = normaliseLanguage(language);
  const run = useStore(
    executions,
    useCallback((state: ExecutionState) => state.runs[blockKey], [blockKey]),
  );
  const executing = useStore(
    executions,
    useMemo(() => selectExecuting(sessionId), [sessionId]),
  );
  const runnable = final && isRunnable(lang);
  const onRun = () =>
    requestRun({ channel, executions, activity }, blockKey, runFrame(lang, code, sessionId));

  return (
    <CodeBlock
      code={code}
      language={lang}
      highlight={final}
      actions={
        runnable ? (
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
        ) : null
      }
    >
      {run ? <RunOutput run={run} /> : null}
    </CodeBlock>
  );
});
