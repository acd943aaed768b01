import { WORKSPACE_HOME } from "@neuroos/contracts";
import { toastDeleted } from "@/components/ui/deleted-toast";
import { errorMessage } from "@/lib/api";
import { baseName, fileApi, joinPath } from "@/lib/resources/files";
import { toast } from "@/lib/toast";

/** A folder's name as the path trail shows it (the workspace's top is "home"). */
export const folderName = (path: string) => (path === WORKSPACE_HOME ? "home" : baseName(path));

/** The folder holding a workspace path. */
export const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";

/** Whether `path` is `folder` or lies inside it. */
export const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/**
 * Why `paths` cannot all go into `target`, in words; null when they can. A folder cannot go into
 * itself or into a folder inside it, and a move that changes nothing is no move.
 */
export function moveRefusal(paths: readonly string[], target: string): string | null {
  const into = paths.find((p) => within(target, p));
  if (into) return `${baseName(into)} cannot be moved into itself.`;
  if (paths.every((p) => parentOf(p) === target)) return `Already in ${folderName(target)}.`;
  return null;
}

/** What several names are called in a message: the name when one, else "N items". */
export const named = (paths: readonly string[]) =>
  paths.length === 1 ? baseName(paths[0] ?? "") : `${paths.length} items`;

interface Failure {
  path: string;
  reason: string;
  error: unknown;
}

/** Runs `step` on each path in turn (one at a time, so a failure stops nothing else); what failed and why. */
async function eachOf<T>(paths: readonly string[], step: (path: string) => Promise<T>) {
  const done: T[] = [];
  const failed: Failure[] = [];
  for (const path of paths) {
    try {
      done.push(await step(path));
    } catch (err) {
      failed.push({ path, reason: errorMessage(err, "Please try again."), error: err });
    }
  }
  return { done, failed };
}

function reportFailures(verb: string, failed: Failure[], total: number) {
  if (failed.length === 0) return;
  const first = failed[0];
  toast({
    variant: "destructive",
    title: failed.length === total ? `Could not ${verb}` : `${failed.length} of ${total} not ${verb}d`,
    description:
      failed.length === 1 && first
        ? `${baseName(first.path)}: ${first.reason}`
        : failed.map((f) => `${baseName(f.path)}: ${f.reason}`).join(" · "),
  });
}

/**
 * Moves the entries into `target`, keeping their names; says what moved (with Undo, which moves
 * them back) and what could not, and why.
 */
export async function moveEntries(paths: readonly string[], target: string): Promise<number> {
  const { done, failed } = await eachOf(paths, async (from) => {
    const to = joinPath(target, baseName(from));
    await fileApi.move(from, to);
    return { from, to };
  });
  if (done.length > 0) {
    toast({
      title: "Moved",
      description: `${named(done.map((m) => m.from))} moved to ${folderName(target)}.`,
      action: {
        label: "Undo",
        run: () =>
          void eachOf(
            done.map((m) => m.to),
            (to) => fileApi.move(to, done.find((m) => m.to === to)?.from ?? to),
          ).then(({ failed: back }) => reportFailures("move back", back, done.length)),
      },
    });
  }
  reportFailures("move", failed, paths.length);
  return done.length;
}

/** Moves the entries to the trash; the toast's Undo restores every one of them. */
export async function deleteEntries(paths: readonly string[]): Promise<number> {
  const { done, failed } = await eachOf(paths, async (path) => {
    await fileApi.remove(path);
    return path;
  });
  if (done.length > 0)
    toastDeleted(
      named(done),
      async () => {
        const { failed: back } = await eachOf(done, fileApi.restore);
        if (back.length === done.length) throw back[0]?.error;
        reportFailures("restore", back, done.length);
        return back.length > 0 ? `${done.length - back.length} of ${done.length} items are back.` : undefined;
      },
      done.length > 1,
    );
  reportFailures("delete", failed, paths.length);
  return done.length;
}
