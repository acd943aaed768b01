import { ChevronDown, ChevronUp, X } from "lucide-react";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import type { ExecutionState } from "./execution-state";
import { RunOutput } from "./run-output";

/**
 * The last command run with Execute, and what it printed: at most about a fifth of the window
 * high (it scrolls), and collapsible, so a long output never squeezes the conversation away.
 */
export function CommandOutput({
  command,
  onClose,
}: {
  command: { key: string; text: string };
  onClose: () => void;
}) {
  const { executions } = useConsole();
  const [collapsed, setCollapsed] = useState(false);
  const run = useStore(
    executions,
    useCallback((s: ExecutionState) => s.runs[command.key], [command.key]),
  );
  if (!run) return null;
  return (
    <section aria-label="Command output" className="shrink-0 border-t border-border bg-muted/40">
      <div className="mx-auto flex max-w-4xl items-center gap-2 px-4 pt-2">
        <code className="min-w-0 flex-1 truncate font-mono text-xs">
          <span className="text-muted-foreground select-none">$ </span>
          {command.text}
        </code>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={collapsed ? "Expand the command output" : "Collapse the command output"}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed((c) => !c)}
        >
          {collapsed ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
        </Button>
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
        <RunOutput run={run} outputHeight="max-h-[22vh]" collapsed={collapsed} />
      </div>
    </section>
  );
}
