import { CircleCheck, CircleExclamationPoint, CircleStop, LoaderCircle } from "lucide-react";
import { useCallback } from "react";
import { cn } from "@/lib/cn";
import { useStore } from "@/lib/store";
import { useConsole } from "../console-context";
import { type AgentState, agentStatusText } from "./agent-state";

/** The session's agent run state, at the end of the messages (announced politely). */
export function AgentStatusItem({ sessionId }: { sessionId: string }) {
  const { agents } = useConsole();
  const status = useStore(
    agents,
    useCallback((state: AgentState) => state.status[sessionId], [sessionId]),
  );
  if (!status) return null;
  const Icon =
    status.state === "running"
      ? LoaderCircle
      : status.state === "done"
        ? CircleCheck
        : status.state === "stopped"
          ? CircleStop
          : CircleExclamationPoint;
  return (
    <p
      role="status"
      data-testid="agent-status"
      className={cn(
        "mx-auto flex max-w-prose items-center justify-center gap-2 px-6 py-2 text-center text-xs",
        status.state === "error" ? "text-danger-text" : "text-muted-foreground",
      )}
    >
      <Icon
        className={cn("size-3.5 shrink-0", status.state === "running" && "motion-safe:animate-spin")}
        aria-hidden="true"
      />
      <span>{agentStatusText(status)}</span>
    </p>
  );
}
