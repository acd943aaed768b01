/**
 * Whose copies this browser's storage holds. The apps keep the open document (and other
 * per-person state) in localStorage under fixed key names (the spec's `notepad-content`, …), so
 * on a shared browser those copies must follow the person, not the device:
 * - signing out stashes the person's copies under their id (unsynced edits are never lost) and
 *   leaves only the appearance (the accessibility settings) for the sign-in page;
 * - signing in as someone else stashes what is there under its owner and brings back the new
 *   person's stash. Nothing of one person is read by the screens of another.
 * A browser whose copies have no owner yet (set before signing up, or kept by an older version)
 * gives them to the first person who signs in.
 */
const OWNER_KEY = "neuroos-owner";
const STASH_PREFIX = "neuroos-stash:";
/** Device-wide, not a person's: kept in place (the theme before the settings held it). */
const DEVICE_KEYS = new Set([OWNER_KEY, "neuroos-theme"]);
/** Left in place at sign-out so the sign-in page keeps the appearance (stashed at the next sign-in). */
const APPEARANCE_KEY = "neuroos-accessibility";

const isPersonal = (key: string) => !DEVICE_KEYS.has(key) && !key.startsWith(STASH_PREFIX);

function personalKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key !== null && isPersonal(key)) keys.push(key);
  }
  return keys;
}

function readStash(owner: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STASH_PREFIX + owner) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Moves the given keys into the owner's stash (newer than what the stash had for them). */
function stash(owner: string, keys: string[], keep: (key: string) => boolean = () => false): void {
  if (keys.length === 0) return;
  const saved = readStash(owner);
  for (const key of keys) {
    const value = localStorage.getItem(key);
    if (value !== null) saved[key] = value;
  }
  localStorage.setItem(STASH_PREFIX + owner, JSON.stringify(saved));
  for (const key of keys) if (!keep(key)) localStorage.removeItem(key);
}

/** Brings back the person's stash: what is in place (written since) wins over it. */
function unstash(owner: string): void {
  const saved = readStash(owner);
  for (const [key, value] of Object.entries(saved))
    if (typeof value === "string" && localStorage.getItem(key) === null) localStorage.setItem(key, value);
  localStorage.removeItem(STASH_PREFIX + owner);
}

/** The person signed in (called before any of their screens reads its local copy). */
export function claimDevice(userId: string): void {
  try {
    const owner = localStorage.getItem(OWNER_KEY);
    if (owner !== null && owner !== userId) stash(owner, personalKeys());
    unstash(userId);
    localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // Storage unavailable (privacy modes): nothing is kept on the device to mix up.
  }
}

/** The person signed out: their copies go to their stash; the appearance stays for the sign-in page. */
export function releaseDevice(): void {
  try {
    const owner = localStorage.getItem(OWNER_KEY);
    if (owner === null) return;
    stash(owner, personalKeys(), (key) => key === APPEARANCE_KEY);
  } catch {
    // Storage unavailable: nothing to put away.
  }
}
