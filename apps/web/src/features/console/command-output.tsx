import { X } from "lucide-react";
import { useCallback } from "react";
import { Button } from "../../components/ui/button";
import { useStore } from "../../lib/store";
import { useConsole } from "./console-context";
import type { ExecutionState } from "./execution-state";
import { RunOutput } from "./run-output";

/** The last command run with Execute, and what it printed. */
export function CommandOutput({
  command,
  onClose,
}: {
  command: { key: string; text: string };
  onClose: () => void;
}) {
  const { executions } = useConsole();
  const run = useStore(
    executions,
    useCallback((s: ExecutionState) => s.runs[command.key], [command.key]),
  );
  if (!run) return null;
  return (
    <section aria-label="Command output" className="border-t border-border bg-muted/40">
      <div className="mx-auto flex max-w-4xl items-center gap-2 px-4 pt-2">
        <code className="min-w-0 flex-1 truncate font-mono text-xs">
          <span className="text-muted-foreground select-none">$ </span>
          {command.text}
        </code>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Close the command output"
          onClick={onClose}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="mx-auto max-w-4xl">
        <RunOutput run={run} />
      </div>
    </section>
  );
}
