import type { QueryClient } from "@tanstack/react-query";
import { filesKeys } from "../resources/files";
import { trashKey } from "../resources/trash";
import { LiveChannel } from "./live-channel";

/**
 * Opens the tab's live channel with what the whole app follows on it: a change to the workspace
 * (the files API, the agent, code that ran) refreshes every view of the files, and the trash.
 */
export function openLive(queryClient: QueryClient): LiveChannel {
  const channel = new LiveChannel();
  channel.onScope({ kind: "user" }, (frame) => {
    if (frame.type !== "files_changed") return;
    const touched = (path: string) => frame.paths.some((p) => path === p || path.startsWith(`${p}/`));
    void queryClient.invalidateQueries({
      queryKey: filesKeys.all,
      // A file's bytes (an open PDF's) are read again only when that file (or a folder above it) changed.
      predicate: (query) => query.queryKey[1] !== "bytes" || touched(String(query.queryKey[2])),
    });
    void queryClient.invalidateQueries({ queryKey: trashKey });
  });
  channel.connect();
  return channel;
}
