import type { Agent } from "@neuroos/contracts";
import { ChevronDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useAgents } from "@/lib/resources/agents";
import { useSetSessionAgent } from "@/lib/resources/sessions";
import { toast } from "@/lib/toast";

/** The select's value for plain chat (no agent, no tools). */
export const PLAIN_CHAT = "";

function agentLabel(agent: Agent): string {
  const notes = [agent.isDefault ? "default" : "", agent.safeMode ? "safe mode" : "runs without asking"]
    .filter(Boolean)
    .join(", ");
  return `${agent.name} (${notes})`;
}

/** A native select of the user's agents and plain chat: keyboard accessible as it is. */
export function AgentSelect({
  id,
  value,
  onChange,
  disabled,
  className,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (agentId: string) => void;
  disabled?: boolean;
  className?: string;
  describedBy?: string;
}) {
  const agents = useAgents();
  const list = agents.data ?? [];
  const known = value === PLAIN_CHAT || list.some((a) => a.id === value);
  return (
    <div className={cn("relative min-w-0", className)}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled || agents.isPending}
        aria-describedby={describedBy}
        className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
      >
        <option value={PLAIN_CHAT}>Plain chat (no tools)</option>
        {list.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agentLabel(agent)}
          </option>
        ))}
        {known ? null : (
          <option value={value}>{agents.isPending ? "Loading agents..." : "Unknown agent"}</option>
        )}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}

/**
 * Picks the agent that answers in the current session (PATCH), or plain chat. The select stays
 * enabled while a change is saved, so keyboard users can arrow through the agents without losing
 * focus: the latest choice shows at once, and changes are sent one at a time, the last one winning.
 */
export function SessionAgentPicker({
  sessionId,
  agentId,
  className,
}: {
  sessionId: string | null;
  agentId: string | null;
  className?: string;
}) {
  const id = useId();
  const setAgent = useSetSessionAgent();
  const [chosen, setChosen] = useState<string | null>(null);
  const wanted = useRef<string | null>(null);
  const sending = useRef(false);

  const sendWanted = async (session: string) => {
    sending.current = true;
    try {
      for (let next = wanted.current; next !== null; next = wanted.current) {
        try {
          await setAgent.mutateAsync({ id: session, agentId: next === PLAIN_CHAT ? null : next });
        } catch (err) {
          wanted.current = null;
          toast({
            title: "Could not change the agent",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          });
          break;
        }
        if (wanted.current === next) wanted.current = null;
      }
    } finally {
      sending.current = false;
      setChosen(null);
    }
  };
  const onChange = (next: string) => {
    if (!sessionId) return;
    setChosen(next);
    wanted.current = next;
    if (!sending.current) void sendWanted(sessionId);
  };
  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-muted-foreground">
        Agent
      </label>
      <AgentSelect
        id={id}
        value={chosen ?? agentId ?? PLAIN_CHAT}
        onChange={onChange}
        disabled={!sessionId}
        className="flex-1"
      />
    </div>
  );
}
