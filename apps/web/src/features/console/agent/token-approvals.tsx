import { KeyRound, X } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import { type AgentState, approvalOutcome, type LiveApproval } from "./agent-state";
import { ApprovalCard } from "./approval-card";

/** How a token's question ended, in words ("stopped": the app stopped waiting). */
const outcome = (approval: LiveApproval) =>
  approval.reason === "stopped" ? "Withdrawn: the app stopped waiting" : approvalOutcome(approval);

/**
 * Questions from outside MCP clients whose access token asks before writes and runs: shown above
 * the conversation whatever the session, answered with the agents' approval card. An answered one
 * stays with its outcome until dismissed.
 */
export function TokenApprovals() {
  const { agents } = useConsole();
  const approvals = useStore(
    agents,
    useCallback((state: AgentState) => state.approvals, []),
  );
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(
    () => Object.values(approvals).filter((a) => a.accessToken !== null && !dismissed.has(a.approvalId)),
    [approvals, dismissed],
  );
  if (shown.length === 0) return null;
  const dismiss = (id: string) => setDismissed((set) => new Set(set).add(id));

  return (
    <section
      aria-label="Requests from your access tokens"
      className="min-h-0 overflow-y-auto border-b border-border"
    >
      {shown.map((approval) =>
        approval.status !== "settled" ? (
          <ApprovalCard key={approval.approvalId} approval={approval} />
        ) : (
          <div
            key={approval.approvalId}
            className="flex items-center gap-2 border-b border-border px-3 py-1.5 text-xs last:border-b-0"
          >
            <KeyRound className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p
              role="status"
              className={cn(
                "min-w-0 flex-1 font-medium",
                approval.approved ? "text-success" : "text-danger-text",
              )}
            >
              {approval.tool} from “{approval.accessToken?.name}”: {outcome(approval)}
            </p>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Dismiss: ${approval.tool} from ${approval.accessToken?.name}`}
              onClick={() => dismiss(approval.approvalId)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ),
      )}
    </section>
  );
}
