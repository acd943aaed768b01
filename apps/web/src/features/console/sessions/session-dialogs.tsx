import type { ChatSession } from "@neuroos/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { toastDeleted } from "@/components/ui/deleted-toast";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { useAgents } from "@/lib/resources/agents";
import {
  useCreateSession,
  useDeleteSession,
  useRestoreSession,
  useUpdateSession,
} from "@/lib/resources/sessions";
import { AgentSelect, PLAIN_CHAT } from "../agent/agent-picker";

const TITLE_MAX = 200;

/** Renames a session (PATCH /api/sessions/:id). */
export function RenameSessionDialog({
  session,
  onClose,
}: {
  session: ChatSession | null;
  onClose: () => void;
}) {
  const rename = useUpdateSession();
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
      { id: session.id, changes: { title: trimmed } },
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
        <FormActions pending={rename.isPending} label="Save" pendingLabel="Saving..." onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Moves a session and its messages to the trash (DELETE /api/sessions/:id) after asking; the toast's Undo takes it back. */
export function DeleteSessionDialog({
  session,
  onClose,
}: {
  session: ChatSession | null;
  onClose: () => void;
}) {
  const remove = useDeleteSession();
  const restore = useRestoreSession();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (session) setError(undefined);
  }, [session]);

  const onDelete = () => {
    if (!session) return;
    const { id, title } = session;
    remove.mutate(id, {
      onSuccess: () => {
        onClose();
        toastDeleted(title, () => restore.mutateAsync(id));
      },
      onError: (err) => setError(errorMessage(err, "The session could not be deleted.")),
    });
  };

  return (
    <ConfirmDeleteDialog
      open={session !== null}
      title="Delete session?"
      description={
        session ? `"${session.title}" and all its messages go to the trash, where they stay for 30 days.` : ""
      }
      pending={remove.isPending}
      error={error}
      onClose={onClose}
      onConfirm={onDelete}
    />
  );
}

/** Starts a session with a title and the agent that answers in it, or plain chat. */
export function NewSessionDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (session: ChatSession) => void;
}) {
  const create = useCreateSession();
  const agents = useAgents();
  const [title, setTitle] = useState("");
  const [agentId, setAgentId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const agentFieldId = useId();
  const fallbackAgent = agents.data?.find((a) => a.isDefault)?.id ?? PLAIN_CHAT;
  const chosen = agentId ?? fallbackAgent;

  useEffect(() => {
    if (open) {
      setTitle("");
      setAgentId(null);
      setError(undefined);
    }
  }, [open]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed.length > TITLE_MAX) return setError(`Title must be at most ${TITLE_MAX} characters`);
    create.mutate(
      { title: trimmed || undefined, agentId: chosen === PLAIN_CHAT ? null : chosen },
      {
        onSuccess: (session) => {
          onCreated(session);
          onClose();
        },
        onError: (err) => setError(errorMessage(err, "The session could not be created.")),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="New session"
      description="Pick the agent that answers here: it can run code and use your files, asking first in safe mode. Plain chat uses no tools."
    >
      <form onSubmit={onSubmit} className="grid gap-4 p-5" noValidate>
        <TextField
          name="title"
          label="Session title (optional)"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={error}
          maxLength={TITLE_MAX + 50}
          autoFocus
        />
        <div className="grid gap-1.5">
          <label htmlFor={agentFieldId} className="text-sm font-medium">
            Agent
          </label>
          <AgentSelect id={agentFieldId} value={chosen} onChange={setAgentId} />
          {agents.isError ? (
            <p className="text-sm text-danger-text">
              {errorMessage(agents.error, "Your agents could not be loaded; plain chat is still possible.")}
            </p>
          ) : null}
        </div>
        <FormActions
          pending={create.isPending}
          label="Create"
          pendingLabel="Creating..."
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
