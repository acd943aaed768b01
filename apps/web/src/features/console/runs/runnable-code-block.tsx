import { Play } from "lucide-react";
import { memo, useCallback, useMemo } from "react";
import { CodeBlock } from "@/components/content/code-block";
import type { FencedCode } from "@/components/content/markdown-content";
import { Button } from "@/components/ui/button";
import { useStoredMessage } from "@/lib/resources/outputs";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import { type ExecutionState, isExecuting } from "./execution-state";
import { blockIndexOf, latestOutput, messageIdOfBlock } from "./outputs";
import { RunOutput } from "./run-output";
import { requestRun } from "./run-request";
import { isRunnable, normaliseLanguage, runFrame } from "./runnable";
import { StoredOutput } from "./stored-output";

const selectExecuting = (sessionId: string) => (state: ExecutionState) => isExecuting(state, sessionId);

/**
 * A reply's code block in the console: runnable for python, javascript, shell and bash once
 * stored. A run's output is kept with the reply: the newest is shown under the block after a
 * reload or on another device, with the files it wrote.
 */
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
  const messageId = messageIdOfBlock(blockKey);
  const message = useStoredMessage(sessionId, messageId).data;
  const block = message ? blockIndexOf(message.content, code) : -1;
  const stored = block >= 0 ? latestOutput(message, block) : null;
  const runnable = final && isRunnable(lang);
  const onRun = () => {
    const frame = runFrame(lang, code, sessionId);
    const from = message && block >= 0 ? { messageId, block } : {};
    requestRun({ channel, executions, activity }, blockKey, { ...frame, ...from });
  };
  // The stored output once the run here is stored (it lists the files); a newer run here live.
  const showStored = stored !== null && (!run || run.executionId === stored.executionId);

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
      {showStored ? (
        <StoredOutput sessionId={sessionId} output={stored} />
      ) : run ? (
        <RunOutput run={run} />
      ) : null}
    </CodeBlock>
  );
});
