import { useCallback, useEffect, useReducer } from "react";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessage } from "../../lib/api";
import { useLiveChannel } from "../../lib/live/live-context";
import { noOpenFiles, openFilesReducer } from "./open-files";

interface FileContent {
  content: string;
  encoding: "utf8" | "base64";
}

const read = async (path: string) =>
  (await apiRequest("GET", `/api/files/content?path=${encodeURIComponent(path)}`)) as FileContent;

/**
 * The IDE's open files on the user's workspace: open (read through the files API), edit, save
 * ('File saved'), close; a file changed on disk (by the agent, the terminal, a run) is noticed
 * through the live channel's files_changed frames.
 */
export function useOpenFiles() {
  const [state, dispatch] = useReducer(openFilesReducer, noOpenFiles);
  const channel = useLiveChannel();

  const open = useCallback(async (path: string) => {
    try {
      const file = await read(path);
      if (file.encoding !== "utf8") {
        toast({
          variant: "destructive",
          title: "Not a text file",
          description: `${path} cannot be edited here.`,
        });
        return;
      }
      dispatch({ type: "opened", path, content: file.content });
    } catch (err) {
      toast({ variant: "destructive", title: "Could not open", description: errorMessage(err, path) });
    }
  }, []);

  const save = useCallback(async (path: string, content: string) => {
    try {
      await apiRequest("PUT", "/api/files/content", { path, content });
      dispatch({ type: "saved", path, content });
      toast({
        title: "File saved",
        description: `${path.slice(path.lastIndexOf("/") + 1)} has been saved successfully.`,
      });
    } catch (err) {
      toast({
        variant: "destructive",
        title: "Not saved",
        description: errorMessage(err, "The file could not be saved."),
      });
    }
  }, []);

  const reload = useCallback(async (path: string) => {
    try {
      dispatch({ type: "reloaded", path, content: (await read(path)).content });
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
          read(path)
            .then((file) => dispatch({ type: "changed_on_disk", path, content: file.content }))
            .catch(() => {});
        }
      }
    });
  }, [channel, openPaths]);

  return { ...state, dispatch, open, save, reload };
}
