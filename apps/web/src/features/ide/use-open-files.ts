import { fileContentSchema } from "@neuroos/contracts";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { errorMessage, HttpError } from "@/lib/api";
import { useLiveChannel } from "@/lib/live/live-context";
import { fileApi } from "@/lib/resources/files";
import { toast } from "@/lib/toast";
import { type DiskCopy, noOpenFiles, type OpenFiles, openFilesReducer } from "./open-files";

/** What a refused save's 409 says of the file on disk (its `current`): its text and version. */
const diskFileSchema = fileContentSchema.pick({ content: true, version: true });

const fileIn = (state: OpenFiles, path: string) => state.files.find((f) => f.path === path);

/** The file as a refused save found it (the 409's current): its text and version, or gone. */
function diskCopyOf(current: unknown): DiskCopy {
  const file = diskFileSchema.safeParse(current);
  return file.success
    ? { content: file.data.content, version: file.data.version }
    : { content: "", version: null };
}

/**
 * The IDE's open files on the user's workspace: open (read through the files API), edit, save
 * ('File saved'), close. Each save names the version it was made on (If-Match): a file changed on
 * disk meanwhile (by the agent, the terminal, a run, another tab) is never overwritten unseen. It
 * is noticed through the live channel's files_changed frames, or by the save's 409, and the person
 * then keeps theirs, takes the disk's, or merges the two.
 */
export function useOpenFiles() {
  const [state, dispatch] = useReducer(openFilesReducer, noOpenFiles);
  const latest = useRef(state);
  latest.current = state;
  const channel = useLiveChannel();
  /** What each path's save in flight sends: its own change coming back is not a change on disk. */
  const sending = useRef(new Map<string, string>());

  const open = useCallback(async (path: string) => {
    try {
      const file = await fileApi.read(path);
      if (file.encoding !== "utf8") {
        toast({
          variant: "destructive",
          title: "Not a text file",
          description: `${path} cannot be edited here.`,
        });
        return;
      }
      dispatch({ type: "opened", path, content: file.content, version: file.version });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not open", description: errorMessage(err, path) });
    }
  }, []);

  /** Saves `content` over the version `base` (by default the one the tab was read or saved at). */
  const save = useCallback(async (path: string, content: string, base?: string | null) => {
    const version = base === undefined ? (fileIn(latest.current, path)?.version ?? null) : base;
    sending.current.set(path, content);
    try {
      const written = await fileApi.write(path, content, { version });
      dispatch({ type: "saved", path, content, version: written.version });
      toast({
        title: "File saved",
        description: `${path.slice(path.lastIndexOf("/") + 1)} has been saved successfully.`,
      });
    } catch (err) {
      if (err instanceof HttpError && err.status === 409 && err.current !== undefined) {
        dispatch({ type: "changed_on_disk", path, ...diskCopyOf(err.current) });
        toast({
          variant: "destructive",
          title: "Not saved: the file changed on disk",
          description: "Compare the two, then keep yours, take the disk's, or merge them.",
        });
        return;
      }
      toast({
        variant: "destructive",
        title: "Not saved",
        description: errorMessage(err, "The file could not be saved."),
      });
    } finally {
      if (sending.current.get(path) === content) sending.current.delete(path);
    }
  }, []);

  /** Keeps this tab's text (or a merge of both), saved over the version now on disk. */
  const keep = useCallback(
    async (path: string, content?: string) => {
      const file = fileIn(latest.current, path);
      if (!file?.onDisk) return;
      const text = content ?? file.content;
      dispatch({ type: "merged", path, content: text });
      await save(path, text, file.onDisk.version);
    },
    [save],
  );

  /** Takes the disk's copy (reads it again if none is held); a file gone from disk closes. */
  const reload = useCallback(async (path: string) => {
    const held = fileIn(latest.current, path)?.onDisk;
    if (held && held.version === null) return dispatch({ type: "deleted", path });
    try {
      const disk = held ?? (await fileApi.read(path));
      dispatch({ type: "reloaded", path, content: disk.content, version: disk.version });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not reload", description: errorMessage(err, path) });
    }
  }, []);

  // Files changed elsewhere: an open one is updated, or flagged when it has unsaved changes.
  const openPaths = state.files.map((f) => f.path).join("\n");
  useEffect(() => {
    if (!channel) return;
    const paths = new Set(openPaths.split("\n").filter(Boolean));
    return channel.onFrame((frame) => {
      if (frame.type !== "files_changed") return;
      for (const changed of frame.paths) {
        for (const path of paths) {
          if (path !== changed && !path.startsWith(`${changed}/`)) continue;
          fileApi
            .read(path)
            .then((file) => {
              if (sending.current.get(path) === file.content) return;
              dispatch({ type: "changed_on_disk", path, content: file.content, version: file.version });
            })
            .catch(() => {});
        }
      }
    });
  }, [channel, openPaths]);

  return { ...state, dispatch, open, save, keep, reload };
}
