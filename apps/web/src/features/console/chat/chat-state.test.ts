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
    const b = message("b", "2025-01-01T00:00:02Z", { parentId: "a" });
    let list = upsertMessage(undefined, b);
    list = upsertMessage(list, a);
    expect(list.map((m) => m.id)).toEqual(["a", "b"]);
    list = upsertMessage(list, { ...b, content: "final" });
    expect(list).toHaveLength(2);
    expect(list[1]?.content).toBe("final");
  });

  it("a new version of a message there replaces it and what followed it, with its versions", () => {
    const q = message("q", "2025-01-01T00:00:01Z", { role: "user" });
    const r = message("r", "2025-01-01T00:00:02Z", { parentId: "q" });
    const q2 = message("q2", "2025-01-01T00:00:03Z", { parentId: "r", role: "user" });
    const r2 = message("r2", "2025-01-01T00:00:04Z", { parentId: "q2" });
    let list = [q, r, q2, r2].reduce<ChatMessage[]>(upsertMessage, []);
    expect(list.map((m) => m.id)).toEqual(["q", "r", "q2", "r2"]);
    // An edit of q2: beside it, what followed it gone from the branch shown.
    list = upsertMessage(list, message("q2b", "2025-01-01T00:00:05Z", { parentId: "r", role: "user" }));
    expect(list.map((m) => m.id)).toEqual(["q", "r", "q2b"]);
    expect(list[2]?.versions).toEqual(["q2", "q2b"]);
    list = upsertMessage(list, message("r3", "2025-01-01T00:00:06Z", { parentId: "q2b" }));
    // A regenerated reply: a third version beside the first reply.
    list = upsertMessage(list, message("r4", "2025-01-01T00:00:07Z", { parentId: "q2b" }));
    list = upsertMessage(list, message("r5", "2025-01-01T00:00:08Z", { parentId: "q2b" }));
    expect(list.map((m) => m.id)).toEqual(["q", "r", "q2b", "r5"]);
    expect(list[3]?.versions).toEqual(["r3", "r4", "r5"]);
    // The stored copy of a message keeps the versions known.
    list = upsertMessage(list, message("r5", "2025-01-01T00:00:08Z", { parentId: "q2b", content: "final" }));
    expect(list[3]).toMatchObject({ content: "final", versions: ["r3", "r4", "r5"] });
  });

  it("knows which messages end a turn", () => {
    expect(endsTurn(message("x", "t", { role: "user" }))).toBe(false);
    expect(endsTurn(message("x", "t"))).toBe(true);
    expect(endsTurn(message("x", "t", { metadata: { toolCalls: [{ id: "1" }] } }))).toBe(false);
    expect(endsTurn(message("x", "t", { metadata: { toolCalls: [{ id: "1" }], stopped: true } }))).toBe(true);
  });
});
