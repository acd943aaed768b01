import { describe, expect, it } from "vitest";
import { appendToken, hasGap, mergeAt, seedDraft } from "./chat-state";

const frame = (at: number, content: string) => ({ sessionId: "s1", messageId: "m1", content, at });

describe("a streaming reply joined mid-stream", () => {
  it("adds only what a frame holds past the text so far", () => {
    expect(mergeAt("Hello", 5, " world")).toBe("Hello world");
    expect(mergeAt("Hello wor", 5, " world")).toBe("Hello world");
    expect(mergeAt("Hello world", 0, "Hello")).toBe("Hello world");
    expect(mergeAt("Hel", 5, " world")).toBeNull();
  });

  it("keeps frames past a gap until the snapshot fills it, then merges them in order", () => {
    // Joined late: the first frames seen start at 8.
    let drafts = appendToken(new Map(), frame(8, "three "));
    drafts = appendToken(drafts, frame(14, "four"));
    expect(drafts.get("m1")?.content).toBe("");
    expect(hasGap(drafts, "s1")).toBe(true);
    // A snapshot written a little earlier (it ends at 4): still a gap.
    drafts = seedDraft(drafts, "s1", { messageId: "m1", text: "one " });
    expect(drafts.get("m1")?.content).toBe("one ");
    expect(hasGap(drafts, "s1")).toBe(true);
    // A newer one overlaps the frames kept: the whole reply, nothing doubled.
    drafts = seedDraft(drafts, "s1", { messageId: "m1", text: "one two thr" });
    expect(drafts.get("m1")?.content).toBe("one two three four");
    expect(hasGap(drafts, "s1")).toBe(false);
    drafts = appendToken(drafts, frame(18, "!"));
    expect(drafts.get("m1")?.content).toBe("one two three four!");
  });

  it("never takes back text with an older snapshot", () => {
    let drafts = appendToken(new Map(), frame(0, "abcdef"));
    drafts = seedDraft(drafts, "s1", { messageId: "m1", text: "abc" });
    expect(drafts.get("m1")?.content).toBe("abcdef");
  });
});
