import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mcpSessions } from "../db/schema";
import type { TokenHolder } from "./tokens";

/** What one MCP session holds between requests (any node reads it). */
export interface McpSession {
  id: string;
  logLevel: LogLevel | null;
  subscriptions: string[];
}

/** The syslog levels of `logging/setLevel`, least severe first. */
export const LOG_LEVELS = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** Subscriptions a session may hold. */
export const MAX_SUBSCRIPTIONS = 200;

/** A session unused this long is ended. */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sessions of /mcp (Mcp-Session-Id) in the database: made at `initialize`, ended by DELETE or the token's revocation. */
export class McpSessions {
  constructor(private readonly db: Db) {}

  async open(holder: TokenHolder): Promise<string> {
    // Clients seldom end their sessions: the token's unused for a day go as it makes another.
    await this.db
      .delete(mcpSessions)
      .where(
        and(
          eq(mcpSessions.tokenId, holder.tokenId),
          lt(mcpSessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)),
        ),
      );
    const [row] = await this.db
      .insert(mcpSessions)
      .values({ tokenId: holder.tokenId, userId: holder.user.id })
      .returning({ id: mcpSessions.id });
    if (!row) throw new Error("The MCP session was not stored");
    return row.id;
  }

  /** The holder's session `id`, or null (unknown, ended, another token's). */
  async find(holder: TokenHolder, id: string): Promise<McpSession | null> {
    if (!UUID.test(id)) return null;
    const [row] = await this.db
      .update(mcpSessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(mcpSessions.id, id), eq(mcpSessions.tokenId, holder.tokenId)))
      .returning();
    return row
      ? { id: row.id, logLevel: row.logLevel as LogLevel | null, subscriptions: row.subscriptions }
      : null;
  }

  /** Whether the session is still there (not ended, its token not revoked). */
  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mcpSessions.id })
      .from(mcpSessions)
      .where(eq(mcpSessions.id, id));
    return row !== undefined;
  }

  async subscriptions(id: string): Promise<string[]> {
    const [row] = await this.db
      .select({ subscriptions: mcpSessions.subscriptions })
      .from(mcpSessions)
      .where(eq(mcpSessions.id, id));
    return row?.subscriptions ?? [];
  }

  async setLevel(id: string, level: LogLevel): Promise<void> {
    await this.db.update(mcpSessions).set({ logLevel: level }).where(eq(mcpSessions.id, id));
  }

  /** Adds or removes a subscription in one statement (two requests racing both count). */
  async subscribe(id: string, uri: string, on: boolean): Promise<boolean> {
    const uriJson = JSON.stringify([uri]);
    const changed = await this.db
      .update(mcpSessions)
      .set({
        subscriptions: on
          ? sql`case when ${mcpSessions.subscriptions} @> ${uriJson}::jsonb then ${mcpSessions.subscriptions} else ${mcpSessions.subscriptions} || ${uriJson}::jsonb end`
          : sql`coalesce((select jsonb_agg(u) from jsonb_array_elements(${mcpSessions.subscriptions}) u where u <> to_jsonb(${uri}::text)), '[]'::jsonb)`,
      })
      .where(
        and(
          eq(mcpSessions.id, id),
          on ? sql`jsonb_array_length(${mcpSessions.subscriptions}) < ${MAX_SUBSCRIPTIONS}` : undefined,
        ),
      )
      .returning({ id: mcpSessions.id });
    return changed.length > 0;
  }

  async end(holder: TokenHolder, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const ended = await this.db
      .delete(mcpSessions)
      .where(and(eq(mcpSessions.id, id), eq(mcpSessions.tokenId, holder.tokenId)))
      .returning({ id: mcpSessions.id });
    return ended.length > 0;
  }
}
