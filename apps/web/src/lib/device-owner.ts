/**
 * Whose copies this browser's storage holds. The apps keep the open document (and other
 * per-person state) in localStorage under fixed key names (the spec's `notepad-content`, …), so
 * on a shared browser those copies must follow the person, not the device:
 * - signing out clears them; what had not reached the server yet (an open document's unsynced
 *   edits, unsaved accessibility settings) is kept in a stash under the person's id, and comes
 *   back when they sign in again. The signed-out pages show the defaults.
 * - signing in as someone else does the same with what the previous person left (a session that
 *   ended without signing out), before any screen reads it.
 * A browser whose copies have no owner (set on a signed-out page, or kept by an older version)
 * gives them to the next person who signs in.
 */
const OWNER_KEY = "neuroos-owner";
/** The owner's id after this prefix: they signed out, and what is in place was set since. */
const SIGNED_OUT = "signed-out:";
const STASH_PREFIX = "neuroos-stash:";
/** Device-wide, not a person's (the theme before the settings held it). */
const DEVICE_KEYS = new Set([OWNER_KEY, "neuroos-theme"]);
const APPEARANCE_KEY = "neuroos-accessibility";
const APPEARANCE_UNSAVED_KEY = `${APPEARANCE_KEY}-unsaved`;
/** An app's open document's sync record (lib/documents/document-local.ts). */
const DOCUMENT_META_PREFIX = "neuroos-document-";

const listeners = new Set<() => void>();
/** Called after the device's copies changed hands (a store that holds one reads it again). */
export function onDeviceOwnerChange(listener: () => void): void {
  listeners.add(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

const isPersonal = (key: string) => !DEVICE_KEYS.has(key) && !key.startsWith(STASH_PREFIX);

function personalKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key !== null && isPersonal(key)) keys.push(key);
  }
  return keys;
}

/** The keys whose values have not reached the server: an open document with unsynced edits, unsaved settings. */
function unsyncedKeys(keys: readonly string[]): string[] {
  const kept: string[] = [];
  for (const key of keys) {
    if (key === APPEARANCE_UNSAVED_KEY && localStorage.getItem(key) === "1") kept.push(key, APPEARANCE_KEY);
    if (!key.startsWith(DOCUMENT_META_PREFIX)) continue;
    try {
      const meta = JSON.parse(localStorage.getItem(key) ?? "{}") as {
        dirty?: unknown;
        keys?: { title?: unknown; content?: unknown };
      };
      if (meta.dirty !== true) continue;
      kept.push(key);
      for (const named of [meta.keys?.title, meta.keys?.content])
        if (typeof named === "string") kept.push(named);
    } catch {
      // Not a record this version wrote: nothing to keep.
    }
  }
  return kept;
}

function readStash(owner: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STASH_PREFIX + owner) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Puts away the owner's unsynced copies among `keys` (newer than their stash) and clears `keys`. */
function putAway(owner: string, keys: readonly string[]): void {
  const saved = readStash(owner);
  for (const key of unsyncedKeys(keys)) {
    const value = localStorage.getItem(key);
    if (value !== null) saved[key] = value;
  }
  if (Object.keys(saved).length > 0) localStorage.setItem(STASH_PREFIX + owner, JSON.stringify(saved));
  for (const key of keys) localStorage.removeItem(key);
}

/** Brings back the person's stash: what is in place (written since) wins over it. */
function bringBack(owner: string): void {
  for (const [key, value] of Object.entries(readStash(owner)))
    if (typeof value === "string" && localStorage.getItem(key) === null) localStorage.setItem(key, value);
  localStorage.removeItem(STASH_PREFIX + owner);
}

/** The person signed in (called before any of their screens reads its local copy). */
export function claimDevice(userId: string): void {
  try {
    const owner = localStorage.getItem(OWNER_KEY);
    if (owner?.startsWith(SIGNED_OUT)) {
      // What the signed-out person's screens wrote on their way out is theirs; the appearance
      // in place was chosen on the signed-out pages, by the person signing in now.
      const previous = owner.slice(SIGNED_OUT.length);
      putAway(
        previous,
        personalKeys().filter((key) => key !== APPEARANCE_KEY),
      );
    } else if (owner !== null && owner !== userId) putAway(owner, personalKeys());
    bringBack(userId);
    localStorage.setItem(OWNER_KEY, userId);
    if (owner !== userId) changed();
  } catch {
    // Storage unavailable (privacy modes): nothing is kept on the device to mix up.
  }
}

/** The tab's own keys (a terminal's id to reattach to) are the person's too: gone at sign-out. */
function forgetTabKeys(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? "");
    for (const key of keys) if (key.startsWith("neuroos-")) sessionStorage.removeItem(key);
  } catch {
    // No session storage here: nothing kept in it.
  }
}

/** The person signed out: their copies are cleared (the unsynced ones stashed under their id). */
export function releaseDevice(): void {
  try {
    const owner = localStorage.getItem(OWNER_KEY);
    if (owner === null || owner.startsWith(SIGNED_OUT)) return;
    putAway(owner, personalKeys());
    forgetTabKeys();
    localStorage.setItem(OWNER_KEY, SIGNED_OUT + owner);
    changed();
  } catch {
    // Storage unavailable: nothing to put away.
  }
}
