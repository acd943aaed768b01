import type { ChatMessage, ServerFrame } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import {
  type AgentState,
  agentReducer,
  agentStatusText,
  approvalOf,
  approvalOutcome,
  callKey,
  countdown,
  editedInput,
  initialAgentState,
  resultView,
  storedResult,
  storedToolCalls,
  toolInputView,
} from "./agent-state";

const apply = (state: AgentState, ...frames: ServerFrame[]) =>
  frames.reduce((s, frame) => agentReducer(s, { type: "frame", frame }), state);

const K = (toolCallId: string, sessionId = "s1", messageId = "m1") =>
  callKey(sessionId, messageId, toolCallId);

const call = (toolCallId: string, tool = "run_code"): ServerFrame => ({
  type: "tool_call",
  sessionId: "s1",
  messageId: "m1",
  toolCallId,
  tool,
  input: { language: "python", code: "print(1)" },
});

describe("approvalOf", () => {
  it("reads the stored answer of a safe-mode question", () => {
    expect(approvalOf({ approved: false, reason: "denied", edited: false })).toEqual({
      approved: false,
      reason: "denied",
      edited: false,
    });
    expect(approvalOf({ approved: true, reason: "approved", edited: true })?.edited).toBe(true);
    expect(approvalOf(undefined)).toBeNull();
    expect(approvalOf({ approved: "yes" })).toBeNull();
  });
});

describe("agent state", () => {
  it("collects a tool call's streamed output and its result", () => {
    const state = apply(
      initialAgentState,
      call("c1"),
      {
        type: "tool_output",
        sessionId: "s1",
        messageId: "m1",
        toolCallId: "c1",
        stream: "stdout",
        data: "a",
      },
      {
        type: "tool_output",
        sessionId: "s1",
        messageId: "m1",
        toolCallId: "c1",
        stream: "stderr",
        data: "b",
      },
      {
        type: "tool_result",
        sessionId: "s1",
        messageId: "m1",
        toolCallId: "c1",
        tool: "run_code",
        ok: true,
        output: {},
      },
    );
    expect(state.callIds.s1).toEqual([K("c1")]);
    expect(state.calls[K("c1")]?.output).toBe("ab");
    expect(state.calls[K("c1")]?.result).toEqual({ ok: true, output: {} });
  });

  it("keeps calls apart when a provider repeats ids across sessions and turns", () => {
    const inSession = (sessionId: string, messageId: string): ServerFrame => ({
      type: "tool_call",
      sessionId,
      messageId,
      toolCallId: "call_1",
      tool: "run_code",
      input: {},
    });
    const output = (sessionId: string, messageId: string, data: string): ServerFrame => ({
      type: "tool_output",
      sessionId,
      messageId,
      toolCallId: "call_1",
      stream: "stdout",
      data,
    });
    const state = apply(
      initialAgentState,
      inSession("s1", "m1"),
      inSession("s2", "m7"),
      inSession("s1", "m2"),
      output("s2", "m7", "from s2"),
      output("s1", "m1", "from s1 first turn"),
      output("s1", "m2", "from s1 second turn"),
    );
    expect(state.calls[K("call_1", "s1", "m1")]?.output).toBe("from s1 first turn");
    expect(state.calls[K("call_1", "s2", "m7")]?.output).toBe("from s2");
    expect(state.calls[K("call_1", "s1", "m2")]?.output).toBe("from s1 second turn");
    expect(state.callIds.s1).toHaveLength(2);
  });

  it("ignores output for an unknown call and keeps the id list when only output changes", () => {
    const first = apply(initialAgentState, call("c1"));
    const next = apply(first, {
      type: "tool_output",
      sessionId: "s1",
      messageId: "m1",
      toolCallId: "c1",
      stream: "stdout",
      data: "x",
    });
    expect(next.callIds).toBe(first.callIds);
    expect(
      apply(first, {
        type: "tool_output",
        sessionId: "s1",
        messageId: "m1",
        toolCallId: "zz",
        stream: "stdout",
        data: "x",
      }),
    ).toBe(first);
  });

  it("links an approval to its tool call; settles it once", () => {
    let state = apply(initialAgentState, call("c1"), {
      type: "approval_request",
      sessionId: "s1",
      messageId: "m1",
      toolCallId: "c1",
      approvalId: "a1",
      tool: "run_code",
      input: { language: "python", code: "print(1)" },
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    expect(state.calls[K("c1")]?.approvalId).toBe("a1");
    expect(state.approvals.a1?.callKey).toBe(K("c1"));
    const input = { language: "python", code: "print(2)" };
    state = agentReducer(state, { type: "approval_sending", approvalId: "a1", approved: true, input });
    expect(state.approvals.a1?.status).toBe("sending");
    state = apply(state, {
      type: "approval_settled",
      sessionId: "s1",
      approvalId: "a1",
      approved: true,
      reason: "approved",
    });
    expect(state.approvals.a1).toMatchObject({ status: "settled", approved: true, sentInput: input });
    // Settled: no more answers.
    expect(agentReducer(state, { type: "approval_send_failed", approvalId: "a1" })).toBe(state);
  });

  it("shows a question asked before the page loaded (sent again on connect) as its call", () => {
    const state = apply(initialAgentState, {
      type: "approval_request",
      sessionId: "s1",
      messageId: "m1",
      toolCallId: "c9",
      approvalId: "a1",
      tool: "run_shell",
      input: { command: "ls" },
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    expect(state.callIds.s1).toEqual([K("c9")]);
    expect(state.calls[K("c9")]).toMatchObject({ messageId: "m1", tool: "run_shell", approvalId: "a1" });
    expect(state.approvals.a1?.callKey).toBe(K("c9"));
  });

  it("an access token's question stands alone: no session, no call; settled like the others", () => {
    let state = apply(initialAgentState, {
      type: "approval_request",
      accessToken: { id: "t1", name: "Laptop IDE" },
      approvalId: "a7",
      tool: "write_file",
      input: { path: "/home/user/a.txt", content: "hi" },
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    expect(state.approvals.a7).toMatchObject({
      sessionId: null,
      callKey: null,
      accessToken: { name: "Laptop IDE" },
      status: "pending",
    });
    expect(state.calls).toEqual({});
    expect(state.callIds).toEqual({});
    state = apply(state, { type: "approval_settled", approvalId: "a7", approved: false, reason: "timeout" });
    expect(state.approvals.a7).toMatchObject({ status: "settled", approved: false, reason: "timeout" });
  });

  it("a failed send puts the approval back to pending", () => {
    let state = apply(initialAgentState, {
      type: "approval_request",
      sessionId: "s1",
      messageId: "m1",
      toolCallId: "c1",
      approvalId: "a1",
      tool: "run_shell",
      input: { command: "ls" },
      expiresAt: "2030-01-01T00:00:00.000Z",
    });
    state = agentReducer(state, { type: "approval_sending", approvalId: "a1", approved: false, input: null });
    state = agentReducer(state, { type: "approval_send_failed", approvalId: "a1" });
    expect(state.approvals.a1?.status).toBe("pending");
  });

  it("records the run state per session", () => {
    const state = apply(initialAgentState, {
      type: "agent_status",
      sessionId: "s1",
      state: "stopped",
      detail: "Step limit (3) reached",
    });
    expect(state.status.s1).toEqual({ state: "stopped", detail: "Step limit (3) reached" });
  });
});

describe("tool views", () => {
  it("shows and edits the code, the command or the file content", () => {
    expect(toolInputView("run_code", { language: "python", code: "x" })).toMatchObject({
      field: "code",
      language: "python",
      text: "x",
    });
    expect(toolInputView("run_shell", { command: "ls" })).toMatchObject({
      field: "command",
      language: "bash",
      text: "ls",
    });
    expect(toolInputView("write_file", { path: "a/b.py", content: "c" })).toMatchObject({
      field: "content",
      language: "python",
      summary: "a/b.py",
    });
    expect(toolInputView("read_file", { path: "a.txt" })).toMatchObject({ field: null, summary: "a.txt" });
    // Memory writes are edited before they are approved; a search is a read.
    expect(toolInputView("remember", { fact: "Likes tea" })).toMatchObject({
      field: "fact",
      text: "Likes tea",
    });
    expect(editedInput("forget", { about: "tea" }, "coffee")).toEqual({ about: "coffee" });
    expect(toolInputView("recall", { query: "tea" })).toMatchObject({ field: null, summary: "tea" });
    expect(editedInput("run_code", { language: "python", code: "x" }, "y")).toEqual({
      language: "python",
      code: "y",
    });
  });

  it("summarises results", () => {
    expect(
      resultView({
        ok: true,
        output: { stdout: "hi\n", stderr: "", exitCode: 0, limit: null, durationMs: 12.4 },
      }),
    ).toEqual({ text: "hi", summary: "Succeeded · exit code 0 · 12 ms" });
    expect(
      resultView({ ok: false, output: { error: "The person did not approve this run_code call: denied" } }),
    ).toEqual({
      text: "",
      summary: "Failed: The person did not approve this run_code call: denied",
    });
    expect(resultView({ ok: true, output: { files: [] } }).text).toContain('"files"');
  });

  it("reads stored tool calls and results", () => {
    const base: ChatMessage = {
      id: "m",
      sessionId: "s1",
      parentId: null,
      role: "tool",
      content: '{"stdout":"1"}',
      timestamp: "",
      metadata: { isError: true },
    };
    expect(storedResult(base)).toEqual({ ok: false, output: { stdout: "1" } });
    expect(storedResult({ ...base, content: '{"cut', metadata: {} })).toEqual({ ok: true, output: '{"cut' });
    const assistant: ChatMessage = {
      ...base,
      role: "assistant",
      metadata: { toolCalls: [{ id: "c1", name: "run_code", input: { code: "x" } }, { bad: true }] },
    };
    expect(storedToolCalls(assistant)).toEqual([{ id: "c1", name: "run_code", input: { code: "x" } }]);
  });

  it("words outcomes and the countdown", () => {
    expect(approvalOutcome({ approved: true, reason: "approved" })).toBe("Approved");
    expect(approvalOutcome({ approved: false, reason: "timeout" })).toMatch(/Timed out/);
    expect(approvalOutcome({ approved: false, reason: "denied" })).toBe("Denied");
    expect(approvalOutcome({ approved: false, reason: "failed" })).toMatch(/server asking stopped/);
    const now = Date.parse("2030-01-01T00:00:00.000Z");
    expect(countdown("2030-01-01T00:05:00.000Z", now)).toBe("5:00");
    expect(countdown("2030-01-01T00:00:09.500Z", now)).toBe("0:10");
    expect(countdown("2029-01-01T00:00:00.000Z", now)).toBe("0:00");
  });

  it("words the run state", () => {
    expect(agentStatusText({ state: "running", detail: "Interpreter is working" })).toBe(
      "Interpreter is working",
    );
    expect(agentStatusText({ state: "done", detail: "Done" })).toBe("Agent run finished");
    expect(agentStatusText({ state: "stopped", detail: "Stopped" })).toBe("Agent run stopped");
    expect(agentStatusText({ state: "stopped", detail: "Step limit (10) reached" })).toBe(
      "Agent run stopped: Step limit (10) reached",
    );
    expect(agentStatusText({ state: "error", detail: "The model call failed" })).toBe(
      "Agent run failed: The model call failed",
    );
  });
});
