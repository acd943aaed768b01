import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import type { Store } from "@/lib/store";
import { setSessionBusy } from "../chat/use-chat-frames";
import { type AgentState, agentReducer } from "./agent-state";

const AGENT_FRAMES = new Set([
  "tool_call",
  "tool_output",
  "tool_result",
  "approval_request",
  "approval_settled",
  "agent_status",
]);

/**
 * Agent runs: tool calls with their streamed output and results, safe-mode approvals and the
 * run's state. A run that ends (done, stopped, step limit, error) ends the session's busy state,
 * so the Stop button goes even when the run's last stored message is a tool result.
 */
export function useAgentFrames(
  channel: LiveChannel,
  agents: Store<AgentState>,
  busy: Store<ReadonlySet<string>>,
) {
  useEffect(
    () =>
      channel.onFrame(
        (frame) => {
          if (!AGENT_FRAMES.has(frame.type)) return;
          agents.set((state) => agentReducer(state, { type: "frame", frame }));
          if (frame.type === "agent_status") setSessionBusy(busy, frame.sessionId, frame.state === "running");
        },
        { replay: true },
      ),
    [channel, agents, busy],
  );
}
