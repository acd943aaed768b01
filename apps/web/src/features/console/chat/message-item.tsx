import type { ChatMessage } from "@neuroos/contracts";
import { Bot, CircleExclamationPoint, UserRound, Wrench } from "lucide-react";
import { lazy, memo, type ReactNode, Suspense, useMemo, useState } from "react";
import type { Citation } from "@/components/content/citations";
import { LazyMarkdownContent } from "@/components/content/lazy-markdown";
import type { FencedCode } from "@/components/content/markdown-content";
import { formatClock } from "@/lib/format";
import { RunnableCodeBlock } from "../runs/runnable-code-block";
import type { Draft } from "./chat-state";
import { MessageActions, VersionSwitcher } from "./message-actions";
import { MessageAttachments } from "./message-attachments";
import { MessagePassages } from "./message-passages";
import { MessageResources } from "./resource-chips";

/** The inline editor loads the first time a message is edited. */
const MessageEdit = lazy(() => import("./message-edit").then((m) => ({ default: m.MessageEdit })));

function Avatar({ kind }: { kind: "user" | "assistant" | "tool" }) {
  const Icon = kind === "user" ? UserRound : kind === "tool" ? Wrench : Bot;
  return (
    <span
      aria-hidden="true"
      className={
        kind === "user"
          ? "flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground"
          : "flex size-7 shrink-0 items-center justify-center rounded-full border border-border bg-accent text-accent-foreground"
      }
    >
      <Icon className="size-4" />
    </span>
  );
}

function metaLine(message: ChatMessage): string {
  const { metadata } = message;
  const parts = [formatClock(message.timestamp)];
  if (metadata.model) parts.push(metadata.model);
  if (typeof metadata.tokenCount === "number")
    parts.push(`${metadata.tokenCount.toLocaleString("en-US")} tokens`);
  if (typeof metadata.executionTime === "number")
    parts.push(`${(metadata.executionTime / 1000).toFixed(1)} s`);
  return parts.join(" · ");
}

function Row({
  kind,
  label,
  meta,
  children,
  footer,
}: {
  kind: "user" | "assistant" | "tool";
  label: string;
  meta: string;
  children: ReactNode;
  /** The message's versions and actions. */
  footer?: ReactNode;
}) {
  return (
    <article className="group flex gap-3 px-4 py-3 sm:px-6">
      <Avatar kind={kind} />
      <div className="min-w-0 flex-1">
        <header className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs">
          <span className="font-semibold text-foreground">{label}</span>
          <span className="text-muted-foreground">{meta}</span>
        </header>
        {children}
        {footer ? <div className="mt-1 flex flex-wrap items-center gap-1">{footer}</div> : null}
      </div>
    </article>
  );
}

/** A stored message's footer: ‹ n / m › when it has versions, and its actions. */
function Footer({
  message,
  canRegenerate = false,
  onEdit,
  focusEdit = false,
}: {
  message: ChatMessage;
  canRegenerate?: boolean;
  onEdit?: () => void;
  focusEdit?: boolean;
}) {
  return (
    <>
      <VersionSwitcher message={message} />
      <MessageActions message={message} canRegenerate={canRegenerate} onEdit={onEdit} focusEdit={focusEdit} />
    </>
  );
}

function ToolMessage({ message }: { message: ChatMessage }) {
  const name = typeof message.metadata.toolName === "string" ? message.metadata.toolName : "tool";
  const failed = message.metadata.isError === true;
  return (
    <Row kind="tool" label={`Tool result: ${name}`} meta={formatClock(message.timestamp)}>
      <details className="rounded-md border border-border bg-muted/40 text-sm">
        <summary className="cursor-pointer px-3 py-1.5 text-muted-foreground">
          {failed ? "Failed" : "Succeeded"} — show the output
        </summary>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable output must be reachable by keyboard
          tabIndex={0}
          className="max-h-64 overflow-auto border-t border-border px-3 py-2 font-mono text-xs whitespace-pre-wrap"
        >
          {message.content}
        </pre>
      </details>
    </Row>
  );
}

/**
 * One message. Memoised: a stored message never renders again unless it changes. A streaming
 * reply (`streaming`) is the same component, so when its stored message replaces it nothing
 * is parsed again; its markdown is re-rendered at most once per animation frame.
 */
export const MessageItem = memo(function MessageItem({
  message,
  streaming = false,
  onCitation = null,
  sources,
  canRegenerate = false,
}: {
  message: ChatMessage;
  streaming?: boolean;
  /** The last reply of the branch: it can be answered again. */
  canRegenerate?: boolean;
  /** Opens a file the reply cites (`/home/user/...:from-to`). */
  onCitation?: ((c: Citation) => void) | null;
  /** A reply's numbered sources: the passages its question was sent with. */
  sources?: readonly string[];
}) {
  const { sessionId } = message;
  const [editing, setEditing] = useState(false);
  // An edit cancelled: focus goes back to the Edit button (a new one: the row was the form).
  const [backToEdit, setBackToEdit] = useState(false);
  const renderCode = useMemo(
    () => (block: FencedCode) => <RunnableCodeBlock {...block} sessionId={sessionId} />,
    [sessionId],
  );
  if (message.role === "system") {
    return (
      <p className="mx-auto max-w-prose px-6 py-2 text-center text-xs text-muted-foreground">
        {message.content}
      </p>
    );
  }
  if (message.role === "tool") return <ToolMessage message={message} />;
  if (message.role === "user") {
    if (editing) {
      return (
        <Row kind="user" label="You" meta="editing">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Opening the editor...</p>}>
            <MessageEdit
              message={message}
              onDone={(sent) => {
                setEditing(false);
                setBackToEdit(!sent);
              }}
            />
          </Suspense>
        </Row>
      );
    }
    return (
      <Row
        kind="user"
        label="You"
        meta={formatClock(message.timestamp)}
        footer={
          <Footer
            message={message}
            focusEdit={backToEdit}
            onEdit={() => {
              setBackToEdit(false);
              setEditing(true);
            }}
          />
        }
      >
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.content}</p>
        {message.metadata.resources?.length ? (
          <MessageResources resources={message.metadata.resources} />
        ) : null}
        {message.metadata.attachments?.length ? (
          <MessageAttachments attachments={message.metadata.attachments} />
        ) : null}
        {message.metadata.passages ? (
          <MessagePassages passages={message.metadata.passages} onCitation={onCitation} />
        ) : null}
      </Row>
    );
  }
  const { error, stopped } = message.metadata;
  return (
    <Row
      kind="assistant"
      label="Assistant"
      meta={streaming ? "typing..." : metaLine(message)}
      footer={streaming ? null : <Footer message={message} canRegenerate={canRegenerate} />}
    >
      {message.content ? (
        <LazyMarkdownContent
          content={message.content}
          textKey={message.id}
          final={!streaming}
          renderCode={renderCode}
          onCitation={onCitation}
          sources={sources}
        />
      ) : null}
      {stopped ? (
        <p className="mt-1 text-xs text-muted-foreground italic">Stopped before the reply was complete.</p>
      ) : null}
      {message.metadata.contextDropped ? (
        <p className="mt-1 text-xs text-muted-foreground">{droppedWords(message.metadata.contextDropped)}</p>
      ) : null}
      {error && !stopped ? (
        <p className="mt-1 flex items-start gap-2 rounded-md border border-danger-text/40 bg-danger-text/10 px-3 py-2 text-sm text-danger-text">
          <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>The reply failed: {error}</span>
        </p>
      ) : null}
    </Row>
  );
});

/** What a reply that was sent only the newer part of a long conversation says under it. */
const droppedWords = (n: number) =>
  `The ${n === 1 ? "oldest message was" : `${n.toLocaleString("en-US")} oldest messages were`} not sent to the model: the conversation is longer than its context window.`;

/** A reply still streaming, shaped as the message it becomes (same id), so React keeps its blocks. */
export function draftMessage(draft: Draft): ChatMessage {
  return {
    id: draft.messageId,
    sessionId: draft.sessionId,
    parentId: null,
    role: "assistant",
    content: draft.content,
    timestamp: "",
    metadata: {},
  };
}

/** Shown between sending and the first token. */
export function ThinkingItem() {
  return (
    <Row kind="assistant" label="Assistant" meta="thinking...">
      <span className="inline-flex gap-1 py-2" aria-hidden="true">
        <span className="size-1.5 rounded-full bg-muted-foreground motion-safe:animate-bounce" />
        <span className="size-1.5 rounded-full bg-muted-foreground motion-safe:animate-bounce [animation-delay:150ms]" />
        <span className="size-1.5 rounded-full bg-muted-foreground motion-safe:animate-bounce [animation-delay:300ms]" />
      </span>
      <span className="sr-only">The assistant is thinking</span>
    </Row>
  );
}
