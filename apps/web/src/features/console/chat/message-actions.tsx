import type { ChatMessage, ProviderId } from "@neuroos/contracts";
import { Check, ChevronLeft, ChevronRight, Copy, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { errorMessage } from "@/lib/api";
import { useDeleteMessage, useShowMessage } from "@/lib/resources/messages";
import { useStore } from "@/lib/store";
import { toast } from "@/lib/toast";
import { useConsole } from "../console-context";
import { choiceOf } from "./model-select";
import { RegenerateWithButton } from "./regenerate-with-button";
import { useSendTurn } from "./use-sent-frame";

function ActionButton({
  label,
  onClick,
  disabled,
  children,
  pressed,
}: {
  label: string;
  onClick?: () => void;
  disabled?: boolean;
  children: ReactNode;
  pressed?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 text-muted-foreground hover:text-foreground"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
    >
      {children}
    </Button>
  );
}

/** Whether a reply runs in the session (what changes the conversation waits for it). */
export function useSessionBusy(sessionId: string): boolean {
  const { busy } = useConsole();
  return useStore(
    busy,
    useCallback((set: ReadonlySet<string>) => set.has(sessionId), [sessionId]),
  );
}

/** ‹ 1 / 2 ›: moves between the versions of a message (the branch through the one chosen is shown). */
export function VersionSwitcher({ message }: { message: ChatMessage }) {
  const show = useShowMessage(message.sessionId);
  const busy = useSessionBusy(message.sessionId);
  const versions = message.versions;
  if (!versions || versions.length < 2) return null;
  const at = versions.indexOf(message.id);
  const go = (to: number) => {
    const id = versions[to];
    if (id === undefined) return;
    show.mutate(id, {
      onError: (err) =>
        toast({
          title: "Could not show that version",
          description: errorMessage(err, "Please try again."),
          variant: "destructive",
        }),
    });
  };
  const off = busy || show.isPending;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div role="group" aria-label="Versions" className="flex items-center text-xs text-muted-foreground">
      <ActionButton label="Previous version" onClick={() => go(at - 1)} disabled={off || at <= 0}>
        <ChevronLeft aria-hidden="true" />
      </ActionButton>
      <span className="min-w-10 text-center tabular-nums" aria-live="polite">
        {at + 1} / {versions.length}
      </span>
      <ActionButton
        label="Next version"
        onClick={() => go(at + 1)}
        disabled={off || at >= versions.length - 1}
      >
        <ChevronRight aria-hidden="true" />
      </ActionButton>
    </div>
  );
}

/**
 * A message's actions: Copy; Edit (a user message); Regenerate, also with another model (the
 * last reply); Delete (asks first). Shown on hover and when focus is inside the message, always
 * on touch screens and small ones. Changes wait while a reply runs (the server refuses them).
 */
export function MessageActions({
  message,
  canRegenerate,
  onEdit,
  focusEdit = false,
}: {
  message: ChatMessage;
  canRegenerate: boolean;
  onEdit?: () => void;
  /** Focus its Edit button once shown (an edit was cancelled). */
  focusEdit?: boolean;
}) {
  const { sessionId } = message;
  const busy = useSessionBusy(sessionId);
  const remove = useDeleteMessage(sessionId);
  const regenerate = useSendTurn("regenerate the reply");
  const [copied, setCopied] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusEdit) bar.current?.querySelector<HTMLElement>('[aria-label="Edit message"]')?.focus();
  }, [focusEdit]);

  const copy = () => {
    navigator.clipboard?.writeText(message.content).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      },
      () =>
        toast({
          title: "Could not copy",
          description: "The browser refused the clipboard.",
          variant: "destructive",
        }),
    );
  };
  const again = (value: string) => {
    const choice = choiceOf(value);
    regenerate({
      type: "chat_regenerate",
      sessionId,
      messageId: message.id,
      ...(choice ? { provider: choice.provider as ProviderId, model: choice.model } : {}),
    });
  };
  const confirmDelete = () => {
    // The message goes: focus goes to the list it was in.
    const list = bar.current?.closest<HTMLElement>('[role="log"]');
    remove.mutate(message.id, {
      onSuccess: () => {
        setDeleting(false);
        list?.focus();
      },
    });
  };

  return (
    <div
      ref={bar}
      className="flex flex-wrap items-center gap-0.5 transition-opacity sm:pointer-fine:opacity-0 sm:pointer-fine:group-focus-within:opacity-100 sm:pointer-fine:group-hover:opacity-100"
    >
      <ActionButton label="Copy message" onClick={copy}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      </ActionButton>
      {onEdit ? (
        <ActionButton label="Edit message" onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </ActionButton>
      ) : null}
      {canRegenerate ? (
        <>
          <ActionButton label="Regenerate reply" onClick={() => again("")} disabled={busy}>
            <RefreshCw aria-hidden="true" />
          </ActionButton>
          <RegenerateWithButton onRegenerate={again} disabled={busy} />
        </>
      ) : null}
      <ActionButton label="Delete message" onClick={() => setDeleting(true)} disabled={busy}>
        <Trash2 aria-hidden="true" />
      </ActionButton>
      <span className="sr-only" aria-live="polite">
        {copied ? "Copied to the clipboard" : ""}
      </span>
      <ConfirmDeleteDialog
        open={deleting}
        title="Delete this message?"
        description="It is deleted with every message after it in this branch. This cannot be undone."
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, "The message could not be deleted.") : null}
        onConfirm={confirmDelete}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </div>
  );
}
