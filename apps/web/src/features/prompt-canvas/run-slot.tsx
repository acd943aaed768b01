import { AiActionOutput } from "@/components/ai/ai-action-output";
import type { AiActionState } from "@/lib/ai-action";

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** What a run cost: time to the first token, duration, tokens in and out. */
export function runStats(state: Pick<AiActionState, "firstTokenMs" | "durationMs" | "meta">): string {
  const parts: string[] = [];
  if (state.firstTokenMs !== null) parts.push(`first token ${seconds(state.firstTokenMs)}`);
  if (state.durationMs !== null) parts.push(`total ${seconds(state.durationMs)}`);
  if (state.meta) {
    const tokens = (n: number | null) => (n === null ? "?" : String(n));
    parts.push(`${tokens(state.meta.promptTokens)} tokens in, ${tokens(state.meta.completionTokens)} out`);
  }
  return parts.join(" · ");
}

/** One model's answer to the prompt, as it streams, with its figures. */
export function RunSlot({
  label,
  state,
  onStop,
}: {
  label: string;
  state: AiActionState;
  onStop: () => void;
}) {
  if (state.status === "idle") return null;
  return (
    <div className="grid min-w-0 gap-1">
      <AiActionOutput
        label={label}
        status={state.status}
        text={state.text}
        error={state.error}
        onStop={onStop}
      />
      {state.status === "done" ? <p className="text-xs text-muted-foreground">{runStats(state)}</p> : null}
    </div>
  );
}
