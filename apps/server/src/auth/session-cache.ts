import type { User } from "@neuroos/contracts";
import type { Db } from "../db/client";

/**
 * How long a looked-up session is trusted without asking the database again. Ending a
 * session (logout, rotation at login, password reset, account deletion) drops its entry at once,
 * on every node (cluster/session-ends.ts); a session row deleted by anything else (SQL by hand)
 * is still accepted by this process for at most this long.
 */
export const SESSION_CACHE_MS = 5000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  user: User;
  sessionId: string;
  /** When the session itself expires (ms since the epoch). */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** When this entry stops being trusted (ms since the epoch). */
  until: number;
}

/**
 * Sessions recently found in one database, by the hash of their token (never the token). A
 * lookup that started before an invalidation is not stored: `generation` changes with every
 * invalidation, so a row read just before a logout cannot come back into the cache after it.
 */
/** A session (or every session of a user) that ended, here or on another node (`remote`). */
export interface SessionEnded {
  sessionId?: string;
  userId?: string;
  remote?: boolean;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly endedListeners = new Set<(ended: SessionEnded) => void>();
  private generationValue = 0;

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  /** Read before a database lookup; pass it to `set` with the lookup's result. */
  get generation(): number {
    return this.generationValue;
  }

  get(sessionId: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= now || entry.expiresAt <= now) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(found: CachedSession, generation: number, now = Date.now()): void {
    if (generation !== this.generationValue) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Drop the oldest entries (a Map keeps insertion order).
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (this.entries.size < MAX_ENTRIES / 2) break;
      }
    }
    this.entries.set(found.sessionId, { ...found, until: now + this.ttlMs });
  }

  /** Forgets one session (logout, rotation); what holds it open (sockets, terminals) ends now. */
  forgetSession(sessionId: string, remote = false): void {
    this.generationValue += 1;
    this.entries.delete(sessionId);
    this.announce({ sessionId, ...(remote ? { remote } : {}) });
  }

  /** Forgets every session of a user (password reset, account deletion, account changes). */
  forgetUser(userId: string, remote = false): void {
    this.generationValue += 1;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
    this.announce({ userId, ...(remote ? { remote } : {}) });
  }

  /** Calls `listener` whenever a session or a user's sessions end here; returns the unsubscribe. */
  onEnded(listener: (ended: SessionEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private announce(ended: SessionEnded): void {
    for (const listener of this.endedListeners) listener(ended);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, SessionCache>();

/** The session cache of this process for one database. */
export function sessionCacheOf(db: Db): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/** True when `ended` covers this user's session. */
export function endsSession(
  ended: SessionEnded,
  userId: string,
  sessionId: string | null | undefined,
): boolean {
  return ended.userId === userId || (ended.sessionId !== undefined && ended.sessionId === sessionId);
}
