import { MAX_WORKSPACE_ENTRIES, usage } from "./ops";
import { CTIME_SLACK_MS, type ToldWrites, writtenFiles } from "./trim";

/** How soon the workspace is measured again while code running over plain folders writes. */
export const ROOM_WATCH_MS = 1000;
/** How long between measures at most while it does not (an idle terminal costs a walk per this). */
export const ROOM_WATCH_IDLE_MS = 4000;

/**
 * While code runs over a workspace, measures it (and tells `wrote` what the code wrote since the
 * last measure): every `everyMs` while it grows, less often (doubling, up to ROOM_WATCH_IDLE_MS)
 * while it does not. Once it is past `quotaBytes` or holds too many entries, calls `over` (once),
 * which stops the code: a run cannot fill the disk before it ends, only pass the quota by what it
 * writes in one interval (at most ROOM_WATCH_IDLE_MS after a quiet spell), and afterCode takes that
 * back. Answers a function that ends the watch.
 */
export function watchRoom(
  root: string,
  quotaBytes: number,
  over: () => void,
  options: {
    everyMs?: number;
    /** False: only notice what is written (a volume holds the code to the quota itself). */
    holds?: boolean;
    /** The files the code wrote since the last measure (a background job's, which says nothing). */
    wrote?: (paths: string[]) => void;
    /** What was told already (by another look at the same code): told again only when changed again. */
    told?: ToldWrites;
  } = {},
): () => void {
  const everyMs = options.everyMs ?? ROOM_WATCH_MS;
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let wait = everyMs;
  let last = { bytes: -1, entries: -1 };
  let lookedAt = Date.now();
  const measure = async () => {
    const since = lookedAt - CTIME_SLACK_MS;
    lookedAt = Date.now();
    const found = await usage(root, since, MAX_WORKSPACE_ENTRIES, true).catch(() => null);
    if (ended) return;
    const written = found ? writtenFiles(found, options.told) : [];
    if (written.length > 0) options.wrote?.(written);
    if (found && options.holds !== false && (found.totalSize > quotaBytes || found.full)) {
      ended = true;
      over();
      return;
    }
    const grew = !found || found.totalSize > last.bytes || found.entries > last.entries;
    wait = grew ? everyMs : Math.min(wait * 2, Math.max(everyMs, ROOM_WATCH_IDLE_MS));
    if (found) last = { bytes: found.totalSize, entries: found.entries };
    timer = setTimeout(measure, wait);
  };
  timer = setTimeout(measure, wait);
  return () => {
    ended = true;
    clearTimeout(timer);
  };
}

/** What holding long-lived code within the quota needs of the workspace service. */
interface CodeRoom<O> {
  watchRoom(owner: O, over: () => void): Promise<() => void>;
  afterCode(owner: O, since: number): Promise<string[]>;
  /** Throws the 413 of a full workspace while it is past its quota or holds too many entries. */
  assertRoom(owner: O, then: string): Promise<void>;
}

/**
 * Holds long-lived code over a workspace (a terminal, a local MCP server) within its quota while it
 * runs: each time the workspace is measured past it, what the code wrote since `since` is taken
 * back, newest first (as if those writes had failed for want of room). When that cannot bring it
 * within the quota (the code fills it with what a trim keeps: many entries, files the person
 * saved), `stop` ends the code; `trimmed` hears what each trim took back. A failed trim is tried
 * again at the next measure. Answers the hold's end, which takes back what is past the quota once
 * more.
 */
export async function holdWithinQuota<O>(
  workspaces: CodeRoom<O>,
  owner: O,
  since: number,
  handlers: {
    stop: () => void;
    onError: (err: unknown) => void;
    /** The files a trim took back while the code runs. */
    trimmed?: (removed: string[]) => void;
  },
): Promise<() => Promise<void>> {
  let endWatch = () => {};
  let open = true;
  const trim = async () => {
    try {
      const removed = await workspaces.afterCode(owner, since);
      if (open && removed.length > 0) handlers.trimmed?.(removed);
      const stillOver = await workspaces.assertRoom(owner, "start it again").then(
        () => false,
        (err: { status?: number }) => (err.status === 413 ? true : Promise.reject(err)),
      );
      if (open && stillOver) {
        open = false;
        return handlers.stop();
      }
    } catch (err) {
      handlers.onError(err);
    }
    if (open) await watch().catch(handlers.onError);
  };
  const watch = async (): Promise<void> => {
    const end = await workspaces.watchRoom(owner, () => void trim());
    if (open) endWatch = end;
    else end();
  };
  await watch();
  return async () => {
    open = false;
    endWatch();
    await workspaces.afterCode(owner, since).catch(handlers.onError);
  };
}
