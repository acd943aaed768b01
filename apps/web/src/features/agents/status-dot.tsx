import { cn } from "@/lib/cn";
import type { ToolStatus } from "./tools";

/** A coloured dot beside a status word: green active, grey checking, red unavailable. */
export function StatusDot({ state }: { state: ToolStatus["state"] }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block size-2 shrink-0 rounded-full",
        state === "active" ? "bg-success" : state === "checking" ? "bg-muted-foreground" : "bg-destructive",
      )}
    />
  );
}
