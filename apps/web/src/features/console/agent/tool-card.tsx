import type { ChatMessage } from "@neuroos/contracts";
import { LoaderCircle, Wrench } from "lucide-react";
import { memo, useCallback } from "react";
import { useHighlight } from "@/components/content/use-highlight";
import { cn } from "@/lib/cn";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import { OutputFiles } from "../runs/lazy-output-files";
import { toolFiles } from "../runs/outputs";
import type { ToolCallInfo } from "../runs/run-items";
import {
  type AgentState,
  approvalOf,
  type LiveApproval,
  resultView,
  storedResult,
  toolInputView,
} from "./agent-state";
import { ApprovalCard, ApprovalOutcomeLine } from "./approval-card";
import { mcpItems, shownImage } from "./mcp-tool-views";

export type { ToolCallInfo };

function HighlightedInput({ text, language }: { text: string; language: string | undefined }) {
  const highlighted = useHighlight(text, language, true);
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
      tabIndex={0}
      data-testid="tool-input"
      className="hljs max-h-96 overflow-auto border-b border-border px-4 py-3 font-mono text-[13px] leading-5"
    >
      <code>{highlighted ?? text}</code>
    </pre>
  );
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * One tool call of an agent run: the tool, its code or command (highlighted like code blocks),
 * safe mode's approval while it waits, the output as it streams and the result. Built from
 * the live frames while the run goes on and from the stored messages after a reload.
 */
export const ToolCard = memo(function ToolCard({
  sessionId,
  call,
  stored,
}: {
  sessionId: string;
  call: ToolCallInfo;
  /** The stored 'tool' message holding the call's result, once there is one. */
  stored: ChatMessage | undefined;
}) {
  const { agents, busy } = useConsole();
  const live = useStore(
    agents,
    useCallback((state: AgentState) => state.calls[call.key], [call.key]),
  );
  const approvalId = live?.approvalId ?? null;
  const approval = useStore(
    agents,
    useCallback(
      (state: AgentState): LiveApproval | undefined => (approvalId ? state.approvals[approvalId] : undefined),
      [approvalId],
    ),
  );

  // After a reload the question is gone from the live state: its answer is stored with the result.
  const storedApproval = approvalOf(stored?.metadata.approval);
  // The input that ran: as stored with the result, else as approved here (edited), else the model's.
  const storedInput = asRecord(stored?.metadata.input);
  const input = storedInput ?? approval?.sentInput ?? live?.input ?? call.input;
  const view = toolInputView(call.name, input);
  const result = stored ? storedResult(stored) : (live?.result ?? null);
  const shown = result ? resultView(result) : null;
  const waiting = approval !== undefined && approval.status !== "settled";
  const output = shown?.text || live?.output || "";
  // An MCP tool's images are shown as images (their other items are in the output's text).
  const images = (result ? (mcpItems(result.output) ?? []) : []).flatMap((item, at) => {
    const image = shownImage(item);
    return image ? [{ ...image, key: `item-${at}` }] : [];
  });
  const running = !result && live !== undefined && !waiting;
  // Stored without a result and no run going on (the server tells a new page of running turns
  // and their questions): the run ended before this call finished.
  const sessionBusy = useStore(
    busy,
    useCallback((set: ReadonlySet<string>) => set.has(sessionId), [sessionId]),
  );
  const unknown = !result && live === undefined && !sessionBusy;
  const state = waiting
    ? "Waiting for your approval"
    : shown
      ? shown.summary
      : running
        ? approval && !approval.approved
          ? "Not run"
          : "Running..."
        : unknown
          ? "Not finished: the run ended first"
          : "Starting...";

  return (
    <div className="pr-4 pb-3 pl-14 sm:pr-6 sm:pl-16">
      <section
        aria-label={`Tool call: ${call.name}`}
        data-testid="tool-card"
        className="overflow-hidden rounded-lg border border-border bg-muted/50"
      >
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-border bg-muted px-3 py-1.5">
          <Wrench className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <h3 className="font-mono text-xs font-semibold">{call.name}</h3>
          {view.summary ? (
            <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">{view.summary}</span>
          ) : null}
        </header>
        {approval ? (
          <ApprovalCard key={approval.approvalId} approval={approval} />
        ) : storedApproval ? (
          <ApprovalOutcomeLine {...storedApproval} />
        ) : null}
        {!waiting && view.text ? <HighlightedInput text={view.text} language={view.language} /> : null}
        {waiting ? null : (
          <div className="bg-background/70">
            <p
              role="status"
              className={cn(
                "flex items-center gap-2 px-3 py-1.5 text-xs font-medium",
                result ? (result.ok ? "text-success" : "text-danger-text") : "text-muted-foreground",
              )}
            >
              {running && !(approval && !approval.approved) ? (
                <LoaderCircle className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
              ) : null}
              <span>Output · {state}</span>
            </p>
            {output ? (
              <pre
                // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
                tabIndex={0}
                data-testid="tool-output"
                className="max-h-80 overflow-auto px-3 pb-3 font-mono text-xs leading-5 whitespace-pre-wrap"
              >
                {output}
              </pre>
            ) : null}
            {result?.ok ? <OutputFiles files={toolFiles(call.name, result.output)} /> : null}
            {images.length > 0 ? (
              <div className="flex flex-wrap gap-2 px-3 pb-3">
                {images.map((image, index) => (
                  <img
                    key={image.key}
                    src={image.src}
                    alt={`Result ${index + 1} of ${images.length} from ${call.name}`}
                    className="max-h-80 max-w-full rounded border border-border bg-background object-contain"
                  />
                ))}
              </div>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
});
