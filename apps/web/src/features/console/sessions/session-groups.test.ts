import type { ChatSession } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { groupSessions } from "./session-groups";

const session = (id: string, updatedAt: Date, pinned = false): ChatSession => ({
  id,
  title: id,
  agentId: null,
  provider: null,
  model: null,
  pinnedAt: pinned ? updatedAt.toISOString() : null,
  archivedAt: null,
  createdAt: updatedAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

describe("groupSessions", () => {
  it("groups by day of latest activity, pinned first, older ones by month", () => {
    const now = new Date(2026, 11, 7, 15, 0);
    const list = [
      session("pinned", new Date(2026, 9, 1), true),
      session("today", new Date(2026, 11, 7, 0, 5)),
      session("yesterday", new Date(2026, 11, 6, 23, 59)),
      session("week", new Date(2026, 11, 1)),
      session("november", new Date(2026, 10, 20)),
      session("october", new Date(2026, 9, 2)),
    ];
    expect(groupSessions(list, now, "en-US").map((g) => [g.label, g.sessions.map((s) => s.id)])).toEqual([
      ["Pinned", ["pinned"]],
      ["Today", ["today"]],
      ["Yesterday", ["yesterday"]],
      ["Previous 7 days", ["week"]],
      ["November 2026", ["november"]],
      ["October 2026", ["october"]],
    ]);
    expect(groupSessions([], now)).toEqual([]);
  });
});
