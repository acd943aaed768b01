import { LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import type { ExecutionState } from "./execution-state";

function useElapsedSeconds(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000));
}

/** Product spec section 4: while code runs in the session, a banner counts the seconds. */
export function ExecutionBanner({ sessionId }: { sessionId: string }) {
  const { executions, channel } = useConsole();
  const active = useStore(
    executions,
    useCallback((s: ExecutionState) => (s.active?.sessionId === sessionId ? s.active : null), [sessionId]),
  );
  const queued = useStore(
    executions,
    useCallback((s: ExecutionState) => s.queue.some((q) => q.sessionId === sessionId), [sessionId]),
  );
  const seconds = useElapsedSeconds(active?.startedAt ?? null);
  if (!active && !queued) return null;

  return (
    <div
      role="status"
      className="flex items-center gap-3 border-b border-warning/40 bg-warning/10 px-4 py-2 text-sm text-foreground"
    >
      <LoaderCircle className="size-4 shrink-0 text-warning motion-safe:animate-spin" aria-hidden="true" />
      <span className="flex-1">
        {active ? (
          <>
            Executing code... <span className="font-mono tabular-nums">{seconds}s</span> elapsed
          </>
        ) : (
          "Starting execution..."
        )}
      </span>
      {active ? (
        <Button
          variant="outline"
          size="sm"
          className="h-7"
          onClick={() => channel.send({ type: "execution_cancel", executionId: active.executionId })}
        >
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
