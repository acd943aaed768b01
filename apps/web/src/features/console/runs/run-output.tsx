import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";
import type { BlockRun } from "./execution-state";

/**
 * What a run printed, with its state: starting, running, or finished with exit code and time.
 * The printed text scrolls within `outputHeight` (a Tailwind max-height class).
 */
export function RunOutput({
  run,
  outputHeight = "max-h-80",
  collapsed = false,
}: {
  run: BlockRun;
  outputHeight?: string;
  collapsed?: boolean;
}) {
  const running = run.status === "pending" || run.status === "running";
  const summary = running
    ? run.status === "pending"
      ? "Starting..."
      : "Running..."
    : run.error
      ? `Failed: ${run.error}`
      : `${run.status === "succeeded" ? "Finished" : "Failed"}${run.exitCode === null ? "" : ` · exit code ${run.exitCode}`}${
          run.durationMs === null ? "" : ` · ${Math.round(run.durationMs)} ms`
        }`;
  return (
    <div className="border-t border-border bg-background/70">
      <p
        role="status"
        className={cn(
          "flex items-center gap-2 px-3 py-1.5 text-xs font-medium",
          run.status === "failed"
            ? "text-danger-text"
            : run.status === "succeeded"
              ? "text-success"
              : "text-muted-foreground",
        )}
      >
        {running ? <LoaderCircle className="size-3.5 motion-safe:animate-spin" aria-hidden="true" /> : null}
        <span>Output · {summary}</span>
      </p>
      {run.output && !collapsed ? (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
          tabIndex={0}
          className={cn(
            outputHeight,
            "overflow-auto px-3 pb-3 font-mono text-xs leading-5 whitespace-pre-wrap",
          )}
        >
          {run.output}
        </pre>
      ) : null}
    </div>
  );
}
