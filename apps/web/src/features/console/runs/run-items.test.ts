import type { ChatMessage, ServerFrame } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { agentReducer, initialAgentState } from "../agent/agent-state";
import { buildItems, NONE } from "./run-items";

const msg = (id: string, role: ChatMessage["role"], content: string, metadata = {}): ChatMessage => ({
  id,
  sessionId: "s1",
  parentId: null,
  role,
  content,
  timestamp: `2030-01-01T00:00:0${id.slice(-1)}.000Z`,
  metadata,
});

const summary = (items: ReturnType<typeof buildItems>) =>
  items.map((i) =>
    i.kind === "message"
      ? `${i.message.role}:${i.message.id}`
      : i.kind === "tool"
        ? `tool:${i.call.id}:${i.stored?.id ?? "-"}`
        : i.kind,
  );

describe("run items", () => {
  it("rebuilds a run from stored messages: each call as a card after its message, with its result", () => {
    const stored = [
      msg("m1", "user", "task"),
      msg("m2", "assistant", "", {
        toolCalls: [{ id: "c1", name: "run_code", input: { language: "python", code: "1" } }],
      }),
      msg("m3", "tool", '{"stdout":"1"}', { toolCallId: "c1", toolName: "run_code", isError: false }),
      msg("m4", "assistant", "Let me check.", {
        toolCalls: [{ id: "c2", name: "run_shell", input: { command: "ls" } }],
      }),
      msg("m5", "tool", '{"error":"denied"}', { toolCallId: "c2", toolName: "run_shell", isError: true }),
      msg("m6", "assistant", "Done."),
    ];
    expect(summary(buildItems(stored, initialAgentState, NONE, []))).toEqual([
      "user:m1",
      "tool:c1:m3",
      "assistant:m4",
      "tool:c2:m5",
      "assistant:m6",
    ]);
  });

  it("gives each turn's result to its own call when the provider repeats call ids", () => {
    const stored = [
      msg("m1", "user", "task"),
      msg("m2", "assistant", "", { toolCalls: [{ id: "call_1", name: "run_code", input: { code: "1" } }] }),
      msg("m3", "tool", '{"stdout":"first"}', { toolCallId: "call_1", toolName: "run_code" }),
      msg("m4", "assistant", "", { toolCalls: [{ id: "call_1", name: "run_code", input: { code: "2" } }] }),
      msg("m5", "tool", '{"stdout":"second"}', { toolCallId: "call_1", toolName: "run_code" }),
      msg("m6", "assistant", "Done."),
    ];
    expect(summary(buildItems(stored, initialAgentState, NONE, []))).toEqual([
      "user:m1",
      "tool:call_1:m3",
      "tool:call_1:m5",
      "assistant:m6",
    ]);
  });

  it("shows a fenced-code call (no toolCalls metadata) from the live frames, or on its own after a reload", () => {
    const stored = [
      msg("m1", "user", "task"),
      msg("m2", "assistant", "```python\nprint(1)\n```"),
      msg("m3", "tool", '{"stdout":"1"}', { toolCallId: "fenced-1", toolName: "run_code", fallback: true }),
    ];
    expect(summary(buildItems(stored, initialAgentState, NONE, []))).toEqual([
      "user:m1",
      "assistant:m2",
      "tool:fenced-1:m3",
    ]);
    const frame: ServerFrame = {
      type: "tool_call",
      sessionId: "s1",
      messageId: "m2",
      toolCallId: "fenced-1",
      tool: "run_code",
      input: { language: "python", code: "print(1)" },
    };
    const state = agentReducer(initialAgentState, { type: "frame", frame });
    expect(summary(buildItems(stored, state, state.callIds.s1 ?? NONE, []))).toEqual([
      "user:m1",
      "assistant:m2",
      "tool:fenced-1:m3",
    ]);
  });
});
