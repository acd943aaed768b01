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
    void queryClient.invalidateQueries({ queryKey: filesKeys.all });
    void queryClient.invalidateQueries({ queryKey: trashKey });
  });
  channel.connect();
  return channel;
}
