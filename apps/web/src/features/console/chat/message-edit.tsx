import type { ChatMessage } from "@neuroos/contracts";
import { SendHorizontal, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useSessionBusy } from "./message-actions";
import { useSendTurn } from "./use-sent-frame";

/** The contracts' limit for one chat message. */
const MAX_MESSAGE_CHARS = 100_000;

/**
 * A user message edited in place: Save & send stores the text as a new version beside the
 * message (the old branch kept, ‹ 1/2 › between them) and the model answers it; Cancel or Esc
 * leaves it as it was. Ctrl+Enter (⌘+Enter) saves too.
 */
export function MessageEdit({ message, onDone }: { message: ChatMessage; onDone: (sent: boolean) => void }) {
  const [text, setText] = useState(message.content);
  // A reply runs in the session: the edit can wait, not be sent.
  const busy = useSessionBusy(message.sessionId);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const sendTurn = useSendTurn("send the edited message");
  const blank = text.trim().length === 0;
  const tooLong = text.length > MAX_MESSAGE_CHARS;

  const save = () => {
    if (blank || tooLong || busy) return;
    const sent = sendTurn({
      type: "chat_message",
      sessionId: message.sessionId,
      content: text,
      editOf: message.id,
    });
    if (!sent) return;
    // The message is replaced by its new version: focus stays in the conversation, on its list.
    form.current?.closest<HTMLElement>('[role="log"]')?.focus();
    onDone(true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onDone(false);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form ref={form} onSubmit={onSubmit} className="grid gap-2">
      <label htmlFor={id} className="sr-only">
        Edit message
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        // biome-ignore lint/a11y/noAutofocus: the person asked to edit this message; the box takes the focus
        autoFocus
        onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
        rows={3}
        aria-invalid={tooLong || undefined}
        className="max-h-72 min-h-20 w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground [field-sizing:content] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      {tooLong ? (
        <p className="text-xs text-danger-text">
          A message can be at most {MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters.
        </p>
      ) : null}
      {busy ? (
        <p className="text-xs text-muted-foreground">A reply is still coming; send once it is done.</p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(false)}>
          <X aria-hidden="true" />
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={blank || tooLong || busy}>
          <SendHorizontal aria-hidden="true" />
          Save &amp; send
        </Button>
      </div>
    </form>
  );
}
