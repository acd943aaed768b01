import { SESSION_SEARCH_LIMIT, type SessionSearchHit } from "@neuroos/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { chatSessions } from "../db/schema";
import { toSession } from "./service";

/** The most words of a search used (a longer query is cut). */
const MAX_WORDS = 8;
/** About how many characters of a matching line a result shows. */
const LINE_CHARS = 160;

const WORD = /[\p{L}\p{N}_]+/gu;

/** The words of a search, lower case, as the 'simple' text search configuration keeps them. */
export function searchWords(q: string): string[] {
  const words = [...q.toLowerCase().matchAll(WORD)].map((m) => m[0]);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/**
 * A tsquery matching every word as a prefix ("pyth" finds "python"): `pyth:* & data:*`. Only
 * letters, digits and underscores reach it, so nothing typed can be an operator.
 */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(" & ");
}

/**
 * The line of `text` where one of the words first starts a word, cut to about LINE_CHARS around
 * it (… where cut); the text's first line when none does (the database matched it another way).
 */
export function matchingLine(text: string, words: readonly string[]): string {
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    for (const m of line.matchAll(WORD)) {
      const word = m[0].toLowerCase();
      if (words.some((w) => word.startsWith(w))) return cutAround(line.trim(), line.trim().indexOf(m[0]));
    }
  }
  const first = lines.find((l) => l.trim() !== "")?.trim() ?? "";
  return cutAround(first, 0);
}

function cutAround(line: string, at: number): string {
  if (line.length <= LINE_CHARS) return line;
  const start = Math.max(0, Math.min(at - Math.floor(LINE_CHARS / 3), line.length - LINE_CHARS));
  const end = start + LINE_CHARS;
  return `${start > 0 ? "…" : ""}${line.slice(start, end).trim()}${end < line.length ? "…" : ""}`;
}

/**
 * The person's sessions whose title or messages (their own and the model's, on every branch)
 * match every word of `q` as a prefix, through the database's full-text index: title matches
 * first (latest activity first), then messages by rank; each with its matching line.
 */
export async function searchSessions(db: Db, userId: string, q: string): Promise<SessionSearchHit[]> {
  const words = searchWords(q);
  if (words.length === 0) return [];
  const query = sql`to_tsquery('simple', ${prefixQuery(words)})`;
  const titled = await db
    .select()
    .from(chatSessions)
    .where(
      and(eq(chatSessions.userId, userId), sql`to_tsvector('simple', ${chatSessions.title}) @@ ${query}`),
    )
    .orderBy(desc(chatSessions.updatedAt))
    .limit(SESSION_SEARCH_LIMIT);
  const hits: SessionSearchHit[] = titled.map((row) => ({
    session: toSession(row),
    messageId: null,
    line: matchingLine(row.title, words),
  }));
  const room = SESSION_SEARCH_LIMIT - hits.length;
  if (room <= 0) return hits;
  const found = (await db.execute(sql`
    select m.id as message_id, m.content, s.id as session_id
    from chat_messages m join chat_sessions s on s.id = m.session_id
    where s.user_id = ${userId} and m.role in ('user', 'assistant')
      and to_tsvector('simple', m.content) @@ ${query}
    order by ts_rank(to_tsvector('simple', m.content), ${query}) desc, m.created_at desc
    limit ${room}`)) as unknown as { rows: { message_id: string; content: string; session_id: string }[] };
  const rows = found.rows;
  if (rows.length === 0) return hits;
  const sessionIds = [...new Set(rows.map((r) => r.session_id))];
  const sessions = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), inArray(chatSessions.id, sessionIds)));
  const byId = new Map(sessions.map((s) => [s.id, toSession(s)]));
  for (const r of rows) {
    const session = byId.get(r.session_id);
    if (session) hits.push({ session, messageId: r.message_id, line: matchingLine(r.content, words) });
  }
  return hits;
}
