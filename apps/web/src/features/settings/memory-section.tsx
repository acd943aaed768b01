import { MEMORY_MAX_LENGTH, type Memory } from "@neuroos/contracts";
import { Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { useAddMemory, useDeleteMemory, useMemories, useUpdateMemory } from "@/lib/resources/memories";
import { toast } from "@/lib/toast";

/** What the assistant remembers across sessions: listed, added, edited and deleted here. */
export function MemorySection() {
  const memories = useMemories();
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const remove = useDeleteMemory();
  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="memories-heading" role="region">
      <div className="grid gap-1">
        <h2 id="memories-heading" className="text-lg font-semibold">
          Remembered facts
        </h2>
        <p className="text-sm text-muted-foreground">
          With cross-session memory on, the assistant keeps these and is given the relevant ones when a
          session starts. With it off, nothing is kept or sent.
        </p>
      </div>
      <MemoryForm label="Add a fact to remember" submitLabel="Add" onSave={useAddMemory()} />
      {memories.isPending ? (
        <Spinner label="Loading memories…" />
      ) : memories.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(memories.error, "The memories could not be loaded.")}
        </p>
      ) : memories.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing remembered yet.</p>
      ) : (
        <ul aria-label="Remembered facts" className="grid gap-2">
          {memories.data.map((memory) => (
            <MemoryItem key={memory.id} memory={memory} onDelete={() => setDeleting(memory)} />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Forget this fact?"
        description={deleting?.content ?? ""}
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, "It could not be deleted.") : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast({ title: "Forgotten" });
            },
          })
        }
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      />
    </Card>
  );
}

function MemoryItem({ memory, onDelete }: { memory: Memory; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateMemory();
  if (editing)
    return (
      <li className="rounded-md border border-border p-3">
        <MemoryForm
          label="Edit the fact"
          submitLabel="Save"
          initial={memory.content}
          onSave={{
            isPending: update.isPending,
            mutate: (content, options) => update.mutate({ id: memory.id, content }, options),
          }}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  return (
    <li className="flex items-start gap-2 rounded-md border border-border p-3">
      <p className="min-w-0 flex-1 break-words text-sm">
        {memory.content}
        <span className="block text-xs text-muted-foreground">
          {memory.source === "model" ? "Remembered by the assistant" : "Added by you"}
        </span>
      </p>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Edit: ${memory.content}`}
        onClick={() => setEditing(true)}
      >
        <Pencil aria-hidden className="size-4" />
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete: ${memory.content}`} onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
      </Button>
    </li>
  );
}

interface SaveAction {
  isPending: boolean;
  mutate(content: string, options: { onSuccess(): void; onError(error: Error): void }): void;
}

function MemoryForm(props: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSave: SaveAction;
  onDone?: () => void;
}) {
  const [content, setContent] = useState(props.initial ?? "");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (!text) return setError("Write what should be remembered");
    if (text.length > MEMORY_MAX_LENGTH) return setError(`At most ${MEMORY_MAX_LENGTH} characters`);
    props.onSave.mutate(text, {
      onSuccess: () => {
        setError(undefined);
        // Clear only what was sent: the person may have started the next fact meanwhile.
        if (!props.initial) setContent((current) => (current.trim() === text ? "" : current));
        props.onDone?.();
      },
      onError: (err) => setError(errorMessage(err, "It could not be saved.")),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="min-w-0 flex-1 basis-60">
        <TextField
          name="memory"
          label={props.label}
          value={content}
          maxLength={MEMORY_MAX_LENGTH}
          error={error}
          onChange={(e) => setContent(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={props.onSave.isPending}>
        {props.onSave.isPending ? "Saving…" : props.submitLabel}
      </Button>
      {props.onDone ? (
        <Button type="button" variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
      ) : null}
    </form>
  );
}
