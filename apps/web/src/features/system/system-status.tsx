import { cn } from "@/lib/cn";
import { type SystemState, systemState, useHealth } from "./use-health";

const dotColour: Record<SystemState, string> = {
  "Checking...": "bg-muted-foreground",
  Active: "bg-success",
  Degraded: "bg-warning",
  Unreachable: "bg-danger-text",
};

/** How often the shown status is measured again: it must say so when the server goes away. */
const RECHECK_MS = 10_000;

/**
 * 'System Status: Active' (or the real state), measured with GET /api/health every 10 s. On a phone
 * only its dot shows (the words stay for screen readers), so large text still fits.
 */
export function SystemStatus() {
  const state = systemState(useHealth({ refetchInterval: RECHECK_MS }));
  return (
    <p
      role="status"
      title={`System Status: ${state}`}
      className="flex items-center gap-2 rounded-full border border-border bg-card px-2 py-1 min-[420px]:px-3 text-xs font-medium whitespace-nowrap sm:text-sm"
    >
      <span className={cn("size-2 rounded-full", dotColour[state])} aria-hidden="true" />
      <span className="sr-only min-[420px]:not-sr-only">
        <span className="sr-only sm:not-sr-only">System Status: </span>
        {state}
      </span>
    </p>
  );
}
