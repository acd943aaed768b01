import type { UseMutationResult } from "@tanstack/react-query";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { errorMessage } from "@/lib/api";
import { toast } from "@/lib/toast";

/** Asks before `revoke` ends the access of `target` (a token, an app); `done` is the toast after. */
export function RevokeDialog<TData>({
  target,
  title,
  description,
  revoke,
  done,
  onClose,
}: {
  target: { id: string } | null;
  title: string;
  description: string;
  revoke: UseMutationResult<TData, Error, string>;
  done: string;
  onClose: () => void;
}) {
  return (
    <ConfirmDeleteDialog
      open={target !== null}
      title={title}
      description={description}
      pending={revoke.isPending}
      error={revoke.error ? errorMessage(revoke.error, "It could not be revoked.") : null}
      onConfirm={() =>
        target &&
        revoke.mutate(target.id, {
          onSuccess: () => {
            onClose();
            toast({ title: done });
          },
        })
      }
      onClose={() => {
        onClose();
        revoke.reset();
      }}
    />
  );
}
