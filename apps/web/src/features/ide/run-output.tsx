import { Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { RunState } from "./use-run";

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A run's output as it streams, then its exit code and duration and 'Execution completed'. */
export function RunOutput({ run, onStop, onFix }: { run: RunState; onStop: () => void; onFix: () => void }) {
  if (run.status === "idle") return null;
  const failed = run.status === "failed" || (run.status === "done" && run.exitCode !== 0);
  return (
    <section
      aria-label="Run output"
      className="grid max-h-[45%] min-h-0 grid-rows-[auto_1fr] border-b border-white/10 bg-[#0b0f19] text-zinc-100"
    >
      <div className="flex items-center gap-2 px-3 py-1 text-xs">
        <span className="min-w-0 flex-1 truncate">Run: {run.path}</span>
        {run.status === "running" ? (
          <Button size="sm" variant="destructive" onClick={onStop}>
            <Square aria-hidden="true" /> Stop
          </Button>
        ) : failed ? (
          <Button size="sm" variant="outline" onClick={onFix}>
            Fix with the assistant
          </Button>
        ) : null}
      </div>
      <pre
        aria-live="polite"
        className="min-h-0 overflow-auto whitespace-pre-wrap break-words px-3 pb-2 font-mono text-xs"
        data-testid="run-output"
      >
        {run.output}
        {run.status === "done"
          ? `\n[exit code ${run.exitCode ?? "none"} · ${seconds(run.durationMs ?? 0)}]\nExecution completed`
          : ""}
        {run.status === "stopped" ? "\nStopped." : ""}
        {run.error ? `${run.output ? "\n" : ""}${run.error}` : ""}
      </pre>
    </section>
  );
}
