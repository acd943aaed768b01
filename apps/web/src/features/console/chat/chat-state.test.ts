import type { ChatMessage } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { appendToken, endsTurn, pendingDrafts, upsertMessage } from "./chat-state";

const message = (id: string, timestamp: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  sessionId: "s1",
  parentId: null,
  role: "assistant",
  content: id,
  timestamp,
  metadata: {},
  ...extra,
});

describe("chat state", () => {
  it("builds a draft from token frames, keyed by message id", () => {
    let drafts = appendToken(new Map(), { sessionId: "s1", messageId: "m1", content: "Hel" });
    drafts = appendToken(drafts, { sessionId: "s1", messageId: "m1", content: "lo" });
    drafts = appendToken(drafts, { sessionId: "s2", messageId: "m2", content: "other" });
    expect(drafts.get("m1")?.content).toBe("Hello");
    expect(pendingDrafts(drafts, "s1", []).map((d) => d.messageId)).toEqual(["m1"]);
    // Once the stored message with that id is in the list, the draft is not shown: never doubled.
    expect(pendingDrafts(drafts, "s1", [message("m1", "2025-01-01T00:00:01Z")])).toEqual([]);
  });

  it("upserts stored messages by id, in time order", () => {
    const a = message("a", "2025-01-01T00:00:01Z");
    const b = message("b", "2025-01-01T00:00:02Z");
    let list = upsertMessage(undefined, b);
    list = upsertMessage(list, a);
    expect(list.map((m) => m.id)).toEqual(["a", "b"]);
    list = upsertMessage(list, { ...b, content: "final" });
    expect(list).toHaveLength(2);
    expect(list[1]?.content).toBe("final");
  });

  it("knows which messages end a turn", () => {
    expect(endsTurn(message("x", "t", { role: "user" }))).toBe(false);
    expect(endsTurn(message("x", "t"))).toBe(true);
    expect(endsTurn(message("x", "t", { metadata: { toolCalls: [{ id: "1" }] } }))).toBe(false);
    expect(endsTurn(message("x", "t", { metadata: { toolCalls: [{ id: "1" }], stopped: true } }))).toBe(true);
  });
});
