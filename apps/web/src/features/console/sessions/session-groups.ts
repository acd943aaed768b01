import type { ChatSession } from "@neuroos/contracts";

export interface SessionGroup {
  label: string;
  sessions: ChatSession[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of `date`'s day, on this device's clock. */
const dayStart = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Which group a session's latest activity puts it in: Today, Yesterday, Previous 7 days, or its month. */
export function dayLabel(updatedAt: string, now: Date, locale?: string): string {
  const at = new Date(updatedAt);
  const today = dayStart(now);
  const day = dayStart(at);
  if (day >= today) return "Today";
  if (day >= today - DAY_MS) return "Yesterday";
  if (day >= today - 7 * DAY_MS) return "Previous 7 days";
  return at.toLocaleDateString(locale, { month: "long", year: "numeric" });
}

/**
 * Sessions (in the server's order) as the sidebar shows them: the pinned ones first, then the
 * others by the day of their latest activity, each group in the order given.
 */
export function groupSessions(
  list: readonly ChatSession[],
  now = new Date(),
  locale?: string,
): SessionGroup[] {
  const groups: SessionGroup[] = [];
  const byLabel = new Map<string, SessionGroup>();
  for (const session of list) {
    const label = session.pinnedAt ? "Pinned" : dayLabel(session.updatedAt, now, locale);
    let group = byLabel.get(label);
    if (!group) {
      group = { label, sessions: [] };
      byLabel.set(label, group);
      groups.push(group);
    }
    group.sessions.push(session);
  }
  return groups;
}
