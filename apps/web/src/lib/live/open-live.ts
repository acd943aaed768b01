import type { QueryClient } from "@tanstack/react-query";
import { filesKeys } from "../resources/files";
import { LiveChannel } from "./live-channel";

/**
 * Opens the tab's live channel with what the whole app follows on it: a change to the workspace
 * (the files API, the agent, code that ran) refreshes every view of the files.
 */
export function openLive(queryClient: QueryClient): LiveChannel {
  const channel = new LiveChannel();
  channel.onScope({ kind: "user" }, (frame) => {
    if (frame.type === "files_changed") void queryClient.invalidateQueries({ queryKey: filesKeys.all });
  });
  channel.connect();
  return channel;
}
