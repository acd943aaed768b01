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

describe("withSession keeps the server's order", () => {
  const at = (id: string, updatedAt: string, pinnedAt: string | null = null): ChatSession => ({
    ...session(id),
    updatedAt,
    pinnedAt,
  });
  it("puts pinned sessions first and moves a changed one to its place; an archived one leaves", () => {
    const list = [at("a", "2026-01-03T00:00:00.000Z"), at("b", "2026-01-02T00:00:00.000Z")];
    expect(
      withSession(list, at("b", "2026-01-02T00:00:00.000Z", "2026-01-04T00:00:00.000Z")).map((s) => s.id),
    ).toEqual(["b", "a"]);
    expect(withSession(list, at("b", "2026-01-05T00:00:00.000Z")).map((s) => s.id)).toEqual(["b", "a"]);
    const archived = { ...at("a", "2026-01-03T00:00:00.000Z"), archivedAt: "2026-01-06T00:00:00.000Z" };
    expect(withSession(list, archived).map((s) => s.id)).toEqual(["b"]);
    expect(withSession([], archived, true).map((s) => s.id)).toEqual(["a"]);
    expect(withSession([archived], { ...archived, archivedAt: null }, true)).toEqual([]);
  });
});
