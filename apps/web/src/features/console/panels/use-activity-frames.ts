import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { logsKey } from "@/lib/resources/system";
import type { Store } from "@/lib/store";
import { toast } from "@/lib/toast";
import { type ActivityDraft, type ActivityEntry, addEntry, entryFromFrame } from "./activity";

let sequence = 0;

/** Adds an entry to the live activity list (newest first, at most 10). */
export function pushActivity(activity: Store<ActivityEntry[]>, draft: ActivityDraft): void {
  sequence += 1;
  activity.set((entries) => addEntry(entries, { ...draft, id: `a${sequence}`, at: Date.now() }));
}

/**
 * Live frames become activity entries; a refused frame is also shown as a toast. A new
 * execution-log record refreshes the log list (file views follow files_changed, see lib/live).
 */
export function useActivityFrames(channel: LiveChannel, activity: Store<ActivityEntry[]>) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      channel.onFrame((frame) => {
        const draft = entryFromFrame(frame);
        if (draft) pushActivity(activity, draft);
        if (frame.type === "activity") void queryClient.invalidateQueries({ queryKey: logsKey });
        if (frame.type === "error") {
          toast({
            title: "The console could not do that",
            description: frame.message,
            variant: "destructive",
          });
        }
      }),
    [channel, activity, queryClient],
  );
}
