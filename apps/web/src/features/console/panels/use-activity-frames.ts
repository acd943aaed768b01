import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChannel } from "@/lib/live/live-channel";
import { logsKey, logsKeyOf, systemApi } from "@/lib/resources/system";
import type { Store } from "@/lib/store";
import { toast } from "@/lib/toast";
import {
  ACTIVITY_LIMIT,
  type ActivityDraft,
  type ActivityEntry,
  addEntry,
  entryFromFrame,
  logEntryId,
  seedFromLog,
} from "./activity";

let sequence = 0;

/** Adds an entry to the live activity list (newest first, at most 10). */
export function pushActivity(activity: Store<ActivityEntry[]>, draft: ActivityDraft, id?: string): void {
  sequence += 1;
  activity.set((entries) =>
    entries.some((e) => e.id === id)
      ? entries
      : addEntry(entries, { ...draft, id: id ?? `a${sequence}`, at: Date.now() }),
  );
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
        // A log entry keeps its id: the same entry read from the log on load is not shown twice.
        if (draft)
          pushActivity(activity, draft, frame.type === "activity" ? logEntryId(frame.entry) : undefined);
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

  // After a reload the list starts from the log's newest entries, then live frames as they come.
  useEffect(() => {
    let gone = false;
    queryClient
      .fetchQuery({ queryKey: logsKeyOf(ACTIVITY_LIMIT), queryFn: () => systemApi.logs(ACTIVITY_LIMIT) })
      .then((logs) => {
        if (!gone) activity.set((entries) => seedFromLog(entries, logs));
      })
      .catch(() => {}); // the Execution Log section says when the log cannot be read
    return () => {
      gone = true;
    };
  }, [activity, queryClient]);
}
