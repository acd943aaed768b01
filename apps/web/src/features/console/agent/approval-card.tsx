import { Check, ShieldAlert, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useConsole } from "../console-context";
import {
  agentReducer,
  approvalOutcome,
  countdown,
  editedInput,
  type LiveApproval,
  toolInputView,
} from "./agent-state";
import { APPROVAL_SHORTCUT, APPROVE_BUTTON_ATTRIBUTE } from "./approval-shortcut";
import { parseArguments } from "./mcp-tool-views";

const FIELD_LABELS = {
  code: "Code to run",
  command: "Command to run",
  content: "File content to write",
  fact: "Fact to remember",
  about: "Memories to forget (an id, or words they all contain)",
  arguments: "Arguments (JSON)",
} as const;

/** Seconds tick while `active`, for the countdown. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Safe mode's question about one tool call (an agent's, or an outside MCP client's through an
 * access token that asks first): the code, command or file content in an editable box, Approve
 * (sends the edited input) and Deny, and the time left (then the server counts it as denied).
 * Once settled it shows the outcome and takes no more answers.
 */
export function ApprovalCard({ approval }: { approval: LiveApproval }) {
  const { channel, agents } = useConsole();
  const view = toolInputView(approval.tool, approval.input);
  const [text, setText] = useState(view.text);
  const id = useId();
  const open = approval.status !== "settled";
  const now = useNow(open);
  const expired = open && Date.parse(approval.expiresAt) <= now;
  const sending = approval.status === "sending";
  // An MCP tool's arguments are edited as JSON: an object, or Approve waits.
  const parsed = view.field === "arguments" ? parseArguments(text) : null;
  const invalid = parsed && !parsed.ok ? parsed.error : null;

  const answer = (approved: boolean) => {
    if (!open || sending) return;
    const input = approved && view.field ? editedInput(approval.tool, approval.input, text) : null;
    agents.set((state) =>
      agentReducer(state, { type: "approval_sending", approvalId: approval.approvalId, approved, input }),
    );
    const sent = channel.send({
      type: "approval_response",
      approvalId: approval.approvalId,
      approved,
      ...(input ? { input } : {}),
    });
    if (!sent) {
      agents.set((state) =>
        agentReducer(state, { type: "approval_send_failed", approvalId: approval.approvalId }),
      );
      toast({
        title: "Not connected",
        description:
          "The answer could not be sent; the connection comes back by itself. Try again in a moment.",
        variant: "destructive",
      });
    }
  };

  if (!open) {
    const edited =
      approval.approved === true &&
      approval.sentInput !== null &&
      JSON.stringify(approval.sentInput) !== JSON.stringify(approval.input);
    return (
      <ApprovalOutcomeLine approved={approval.approved === true} reason={approval.reason} edited={edited} />
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-2 border-b border-border bg-warning/5 px-3 py-3"
      data-testid="approval-card"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <ShieldAlert className="size-4 shrink-0 text-warning" aria-hidden="true" />
        Approval needed: {approval.tool}
        {view.summary ? (
          <span className="font-mono text-xs font-normal text-muted-foreground">{view.summary}</span>
        ) : null}
      </h3>
      <p role="alert" className="text-xs text-muted-foreground">
        {approval.accessToken ? (
          <>
            An app using your access token “{approval.accessToken.name}” waits for you. Check
            {view.field ? " and edit" : ""} what it wants to do, then approve or deny. This token asks before
            every write and run (Settings, Access tokens).
          </>
        ) : (
          <>
            Safe mode: the agent waits for you. Check{view.field ? " and edit" : ""} what it wants to do, then
            approve or deny ({APPROVAL_SHORTCUT} comes back here). While your safe mode (Settings) is on,
            every agent asks, even one whose own safe mode is off.
          </>
        )}
      </p>
      {view.field ? (
        <>
          <label htmlFor={`${id}-input`} className="text-xs font-medium">
            {FIELD_LABELS[view.field]} (you can edit it)
          </label>
          <textarea
            id={`${id}-input`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={sending}
            spellCheck={false}
            rows={Math.min(12, Math.max(3, text.split("\n").length + 1))}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
            className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px] leading-5 text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
          />
          {invalid ? (
            <p id={`${id}-invalid`} className="text-xs text-danger-text">
              {invalid}
            </p>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          {...{ [APPROVE_BUTTON_ATTRIBUTE]: "" }}
          aria-keyshortcuts={APPROVAL_SHORTCUT}
          onClick={() => answer(true)}
          disabled={sending || expired || invalid !== null || (view.field !== null && !text.trim())}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button size="sm" variant="outline" onClick={() => answer(false)} disabled={sending || expired}>
          <X aria-hidden="true" />
          Deny
        </Button>
        <p className="ml-auto text-xs text-muted-foreground">
          {sending ? (
            "Sending your answer..."
          ) : expired ? (
            "Time is up: counted as denied."
          ) : (
            <>
              Expires in <time dateTime={approval.expiresAt}>{countdown(approval.expiresAt, now)}</time>
            </>
          )}
        </p>
      </div>
    </section>
  );
}

/** How a safe-mode question ended, live or as stored with the tool's result (after a reload). */
export function ApprovalOutcomeLine({
  approved,
  reason,
  edited,
}: {
  approved: boolean;
  reason: string | null;
  edited: boolean;
}) {
  return (
    <p
      role="status"
      className={cn(
        "flex items-center gap-2 border-b border-border px-3 py-1.5 text-xs font-medium",
        approved ? "text-success" : "text-danger-text",
      )}
    >
      {approved ? (
        <Check className="size-3.5" aria-hidden="true" />
      ) : (
        <X className="size-3.5" aria-hidden="true" />
      )}
      <span>
        {approvalOutcome({ approved, reason })}
        {approved && edited ? " with your edits" : ""}
      </span>
    </p>
  );
}
