import type { ChatSession } from "@neuroos/contracts";
import { useState } from "react";
import { toastDeleted } from "@/components/ui/deleted-toast";
import { errorMessage } from "@/lib/api";
import { useDeleteSession, useRestoreSession, useUpdateSession } from "@/lib/resources/sessions";
import { toast } from "@/lib/toast";
import type { SessionActions } from "./session-menu";

const failed = (title: string) => (err: unknown) =>
  toast({ variant: "destructive", title, description: errorMessage(err, "Please try again.") });

/**
 * What a session's menu does: pin, archive (each told in a toast, the archive with its Undo),
 * delete at once with an Undo that takes it back from the trash, and rename (through the
 * dialog that `renaming` opens).
 */
export function useSessionActions(): SessionActions & {
  renaming: ChatSession | null;
  closeRename(): void;
} {
  const update = useUpdateSession();
  const remove = useDeleteSession();
  const restore = useRestoreSession();
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  return {
    renaming,
    closeRename: () => setRenaming(null),
    rename: setRenaming,
    setPinned: (session, pinned) =>
      update.mutate(
        { id: session.id, changes: { pinned } },
        {
          onSuccess: () => toast({ title: pinned ? "Pinned" : "Unpinned", description: session.title }),
          onError: failed(pinned ? "Could not pin the session" : "Could not unpin the session"),
        },
      ),
    setArchived: (session, archived) =>
      update.mutate(
        { id: session.id, changes: { archived } },
        {
          onSuccess: () =>
            toast({
              title: archived ? "Archived" : "Unarchived",
              description: archived
                ? `${session.title} is in the archived sessions.`
                : `${session.title} is back in your sessions.`,
              ...(archived
                ? {
                    action: {
                      label: "Undo",
                      run: () => update.mutate({ id: session.id, changes: { archived: false } }),
                    },
                  }
                : {}),
            }),
          onError: failed(archived ? "Could not archive the session" : "Could not unarchive the session"),
        },
      ),
    remove: (session) =>
      remove.mutate(session.id, {
        onSuccess: () => toastDeleted(session.title, () => restore.mutateAsync(session.id)),
        onError: failed("Could not delete the session"),
      }),
  };
}
