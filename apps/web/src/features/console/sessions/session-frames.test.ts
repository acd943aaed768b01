import type { ChatSession } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { withSession } from "./use-session-frames";

const session = (id: string, title = "New Session"): ChatSession => ({
  id,
  title,
  agentId: null,
  provider: null,
  model: null,
  pinnedAt: null,
  archivedAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

describe("withSession", () => {
  it("replaces a known session in place and puts a new one on top", () => {
    const list = [session("a"), session("b")];
    expect(withSession(list, session("b", "Titled")).map((s) => [s.id, s.title])).toEqual([
      ["a", "New Session"],
      ["b", "Titled"],
    ]);
    expect(withSession(list, session("c")).map((s) => s.id)).toEqual(["c", "a", "b"]);
  });
});
