import type { ChatMessage, ExecutionLog, ServerFrame } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import {
  ACTIVITY_LIMIT,
  type ActivityEntry,
  addEntry,
  entryFromFrame,
  logEntryId,
  runEntry,
  seedFromLog,
  truncate,
} from "./activity";

const entry = (n: number): ActivityEntry => ({
  id: String(n),
  title: `#${n}`,
  detail: "",
  status: "info",
  at: n,
});

describe("truncate", () => {
  it("keeps short text and cuts long text at the limit with an ellipsis", () => {
    expect(truncate("short", 50)).toBe("short");
    expect(truncate("a".repeat(50), 50)).toBe("a".repeat(50));
    expect(truncate("a".repeat(51), 50)).toBe(`${"a".repeat(50)}...`);
    expect(truncate("line one\n\n  line two", 50)).toBe("line one line two");
  });
});

describe("addEntry", () => {
  it("puts the newest first and keeps at most 10", () => {
    let list: ActivityEntry[] = [];
    for (let n = 1; n <= 13; n++) list = addEntry(list, entry(n));
    expect(list).toHaveLength(ACTIVITY_LIMIT);
    expect(list[0]?.id).toBe("13");
    expect(list.at(-1)?.id).toBe("4");
  });
});

const log = (change: Partial<ExecutionLog>): ServerFrame => ({
  type: "activity",
  entry: {
    id: "l",
    sessionId: "s",
    type: "code_execution",
    command: "print(1)",
    result: "",
    status: "success",
    timestamp: new Date(0).toISOString(),
    metadata: {},
    ...change,
  },
});

/** A stored message as chat_message frames carry it. */
const stored = (message: Pick<ChatMessage, "role" | "content"> & Partial<ChatMessage>): ChatMessage => ({
  id: "m",
  sessionId: "s",
  parentId: null,
  timestamp: "2026-11-24T00:00:00.000Z",
  metadata: {},
  ...message,
});

describe("entryFromFrame", () => {
  it("cuts message text at 50 and results at 40 characters", () => {
    const long = "x".repeat(80);
    const sent = entryFromFrame({
      type: "chat_message",
      sessionId: "s",
      message: stored({ role: "user", content: long }),
    });
    expect(sent?.detail).toBe(`${"x".repeat(50)}...`);
    const done = entryFromFrame(log({ result: long, metadata: { exitCode: 0 } }));
    expect(done).toEqual({ title: "Execution completed", detail: `${"x".repeat(40)}...`, status: "success" });
    expect(runEntry(long, "python").detail).toHaveLength(53);
  });

  it("turns failed executions and errors into error entries", () => {
    expect(
      entryFromFrame(log({ type: "system_command", status: "error", metadata: { exitCode: 2 } })),
    ).toEqual({ title: "Execution failed (exit 2)", detail: "exit code 2", status: "error" });
    expect(entryFromFrame(log({ status: "error", result: "sandbox down" }))).toEqual({
      title: "Execution failed",
      detail: "sandbox down",
      status: "error",
    });
    expect(entryFromFrame(log({ type: "file_operation", command: "write /home/user/a.md" }))).toEqual({
      title: "File write",
      detail: "/home/user/a.md",
      status: "success",
    });
    expect(
      entryFromFrame(
        log({ type: "file_operation", command: "delete /home/user", status: "error", result: "Refused" }),
      ),
    ).toEqual({ title: "File delete refused", detail: "Refused", status: "error" });
    expect(entryFromFrame({ type: "error", code: "conflict", message: "busy" })?.status).toBe("error");
    const failedReply = entryFromFrame({
      type: "chat_message",
      sessionId: "s",
      message: stored({ role: "assistant", content: "", metadata: { error: "No provider" } }),
    });
    expect(failedReply).toEqual({ title: "Reply failed", detail: "No provider", status: "error" });
  });

  it("ignores frames the log does not show", () => {
    expect(entryFromFrame({ type: "chat_token", sessionId: "s", messageId: "m", content: "x" })).toBeNull();
    expect(entryFromFrame({ type: "execution_start", sessionId: "s", executionId: "e" })).toBeNull();
    // Model calls are shown from the chat's own messages.
    expect(entryFromFrame(log({ type: "llm_interaction" }))).toBeNull();
  });
});

describe("the activity list filled from the log on load", () => {
  const log = (id: string, at: string, extra: Partial<ExecutionLog> = {}): ExecutionLog => ({
    id,
    sessionId: null,
    type: "code_execution",
    command: "print(1)",
    result: "1\n",
    status: "success",
    timestamp: at,
    metadata: {},
    ...extra,
  });

  it("shows the newest entries, a model call as its reply, and none twice", () => {
    const live: ActivityEntry = {
      id: logEntryId({ id: "b" }),
      title: "Execution completed",
      detail: "2",
      status: "success",
      at: Date.parse("2026-01-01T00:00:03Z"),
    };
    const seeded = seedFromLog(
      [live],
      [
        log("b", "2026-01-01T00:00:03Z"),
        log("a", "2026-01-01T00:00:02Z", { type: "llm_interaction", result: "Hello there" }),
        log("c", "2026-01-01T00:00:01Z", { status: "error", result: "Traceback", metadata: { exitCode: 1 } }),
      ],
    );
    expect(seeded.map((e) => e.title)).toEqual([
      "Execution completed",
      "Reply received",
      "Execution failed (exit 1)",
    ]);
    expect(seeded[1]?.detail).toBe("Hello there");
  });
});
