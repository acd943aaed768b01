import { Square } from "lucide-react";
import type { AiActionStatus } from "@/lib/ai-action";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/**
 * An AI action's answer as it streams (announced politely), with Stop while it runs and the
 * reason when it failed. Hidden while idle.
 */
export function AiActionOutput({
  label,
  status,
  text,
  error,
  onStop,
}: {
  /** What the action is, e.g. 'Summary'. */
  label: string;
  status: AiActionStatus;
  text: string;
  error: string | null;
  onStop: () => void;
}) {
  if (status === "idle") return null;
  return (
    <section
      aria-label={label}
      className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3 text-sm"
    >
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-medium">{label}</h2>
        {status === "running" ? (
          <Button size="sm" variant="outline" onClick={onStop}>
            <Square aria-hidden="true" /> Stop
          </Button>
        ) : null}
      </div>
      <div aria-live="polite" className="whitespace-pre-wrap break-words">
        {text}
        {status === "running" && !text ? <Spinner label="Asking the model..." /> : null}
      </div>
      {status === "stopped" ? <p className="text-xs text-muted-foreground">Stopped.</p> : null}
      {status === "error" && error ? (
        <p role="alert" className="text-danger-text">
          {error}
        </p>
      ) : null}
    </section>
  );
}
