import type { ChatMessage } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { sourcesByReply } from "./message-passages";

const message = (
  id: string,
  role: ChatMessage["role"],
  metadata: ChatMessage["metadata"] = {},
): ChatMessage => ({
  id,
  sessionId: "s",
  parentId: null,
  role,
  content: id,
  timestamp: "",
  metadata,
});

describe("the numbered sources of a reply", () => {
  it("are the passages of the message it answers, across its tool steps; not of an earlier message", () => {
    const passages = [{ citation: "/home/user/a.md:1-4", similarity: 1, text: "a" }];
    const messages = [
      message("q1", "user", { passages }),
      message("r1", "assistant"),
      message("t1", "tool"),
      message("r2", "assistant"),
      message("q2", "user"),
      message("r3", "assistant"),
    ];
    const sources = sourcesByReply(messages);
    expect(sources.get("r1")).toEqual(["/home/user/a.md:1-4"]);
    expect(sources.get("r2")).toBe(sources.get("r1"));
    expect(sources.has("r3")).toBe(false);
    // The same stored passages give the same array (a reply's markdown is not parsed again).
    expect(sourcesByReply(messages).get("r1")).toBe(sources.get("r1"));
  });
});
