import type { ChatSession } from "@neuroos/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api";
import { useDeleteSession, useRenameSession } from "./sessions-api";

const TITLE_MAX = 200;

/** Renames a session (PATCH /api/sessions/:id). */
export function RenameSessionDialog({
  session,
  onClose,
}: {
  session: ChatSession | null;
  onClose: () => void;
}) {
  const rename = useRenameSession();
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (session) {
      setTitle(session.title);
      setError(undefined);
    }
  }, [session]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    const trimmed = title.trim();
    if (!trimmed) return setError("Title is required");
    if (trimmed.length > TITLE_MAX) return setError(`Title must be at most ${TITLE_MAX} characters`);
    rename.mutate(
      { id: session.id, title: trimmed },
      {
        onSuccess: onClose,
        onError: (err) => setError(errorMessage(err, "The session could not be renamed.")),
      },
    );
  };

  return (
    <Dialog open={session !== null} onOpenChange={(open) => !open && onClose()} title="Rename session">
      <form onSubmit={onSubmit} className="grid gap-4 p-5" noValidate>
        <TextField
          name="title"
          label="Session title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={error}
          maxLength={TITLE_MAX + 50}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Deletes a session and its messages (DELETE /api/sessions/:id) after asking. */
export function DeleteSessionDialog({
  session,
  onClose,
}: {
  session: ChatSession | null;
  onClose: () => void;
}) {
  const remove = useDeleteSession();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (session) setError(undefined);
  }, [session]);

  const onDelete = () => {
    if (!session) return;
    remove.mutate(session.id, {
      onSuccess: onClose,
      onError: (err) => setError(errorMessage(err, "The session could not be deleted.")),
    });
  };

  return (
    <Dialog
      open={session !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete session?"
      description={
        session
          ? `"${session.title}" and all its messages will be deleted. This cannot be undone.`
          : undefined
      }
    >
      <div className="grid gap-4 p-5">
        {error ? (
          <p role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
