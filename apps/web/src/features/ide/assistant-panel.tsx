import { llmApi } from "@neuroos/contracts";
import { FileDiff, SendHorizontal, TextCursorInput } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { CodeBlock } from "@/components/content/code-block";
import { LazyMarkdownContent } from "@/components/content/lazy-markdown";
import type { FencedCode } from "@/components/content/markdown-content";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ModelChoice } from "@/lib/model-choice";
import { readEventStream } from "@/lib/sse-stream";
import { toast } from "@/lib/toast";
import type { OpenFile } from "./open-files";

/** Spec: the IDE chat keeps role and content only. */
export interface IdeMessage {
  role: "user" | "assistant";
  content: string;
}

export const IDE_SYSTEM_PROMPT =
  "You are the coding assistant of NeuroOS's IDE. Answer concisely. When you change code, give the whole changed file in one fenced code block with its language.";

/** The new message with the open file's name, language and contents in front (spec). */
export function withFileContext(message: string, file: OpenFile | null): string {
  if (!file) return message;
  return `Current file: ${file.path} (${file.language})\n\`\`\`${file.language}\n${file.content}\n\`\`\`\n\n${message}`;
}

/**
 * The AI assistant: a chat about the open file through /api/llm/complete (streamed, 0.7, 2000
 * tokens). Code in a reply can be applied to the file as a reviewable diff or inserted at the cursor.
 */
export function AssistantPanel({
  file,
  model,
  pending,
  onPendingSent,
  onApply,
  onInsert,
}: {
  file: OpenFile | null;
  model: ModelChoice | null;
  /** A message to send now (e.g. 'Fix' after a failed run). */
  pending: string | null;
  onPendingSent: () => void;
  onApply: (code: string) => void;
  onInsert: (code: string) => void;
}) {
  const [messages, setMessages] = useState<IdeMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [thinking, setThinking] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const inputId = useId();

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || thinking) return;
      const history = messages;
      setMessages([...history, { role: "user", content: message }, { role: "assistant", content: "" }]);
      setDraft("");
      setThinking(true);
      let failed: string | null = null;
      await readEventStream(
        llmApi.complete.path,
        {
          ...(model ?? {}),
          messages: [
            { role: "system", content: IDE_SYSTEM_PROMPT },
            ...history,
            { role: "user", content: withFileContext(message, file) },
          ],
          temperature: 0.7,
          maxTokens: 2000,
          stream: true,
          feature: "ide_chat",
        },
        {
          onChunk: (chunk) => {
            const delta = chunk.content;
            if (typeof delta !== "string") return;
            setMessages((all) => [
              ...all.slice(0, -1),
              { role: "assistant", content: (all.at(-1)?.content ?? "") + delta },
            ]);
          },
          onError: (error) => {
            failed = error.message;
          },
        },
      );
      setThinking(false);
      if (failed !== null) {
        setMessages((all) => (all.at(-1)?.content ? all : all.slice(0, -1)));
        toast({
          variant: "destructive",
          title: "AI Error",
          description: failed || "Failed to get AI response",
        });
      }
    },
    [file, messages, model, thinking],
  );

  useEffect(() => {
    if (pending === null) return;
    onPendingSent();
    void send(pending);
  }, [pending, onPendingSent, send]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the newest text whenever the messages change
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages]);

  const renderCode = useMemo(
    () =>
      ({ code, language, final }: FencedCode) => (
        <CodeBlock
          code={code}
          language={language ?? ""}
          highlight={final}
          actions={
            final && file ? (
              <>
                <Button size="sm" variant="ghost" onClick={() => onApply(code)}>
                  <FileDiff aria-hidden="true" /> Apply to {file.name}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => onInsert(code)}>
                  <TextCursorInput aria-hidden="true" /> Insert at cursor
                </Button>
              </>
            ) : null
          }
        />
      ),
    [file, onApply, onInsert],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };

  return (
    <section aria-label="AI Assistant" className="flex h-full min-h-0 flex-col">
      <div ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3 text-sm" aria-live="polite">
        {messages.length === 0 ? (
          <p className="text-muted-foreground">
            Ask about {file ? file.name : "your code"}: the open file goes with your question.
          </p>
        ) : null}
        {messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended
          <div key={i} className={m.role === "user" ? "ml-6 rounded-md bg-accent p-2" : "min-w-0"}>
            <p className="sr-only">{m.role === "user" ? "You:" : "Assistant:"}</p>
            {m.role === "user" ? (
              <p className="whitespace-pre-wrap break-words">{m.content}</p>
            ) : m.content ? (
              <LazyMarkdownContent
                content={m.content}
                textKey={`ide-${i}`}
                final={!(thinking && i === messages.length - 1)}
                renderCode={renderCode}
              />
            ) : (
              <Spinner label="Thinking..." />
            )}
          </div>
        ))}
      </div>
      <form
        className="flex gap-2 border-t border-border p-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send(draft);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Message the assistant
        </label>
        <textarea
          id={inputId}
          value={draft}
          rows={2}
          disabled={thinking}
          placeholder="Ask the assistant... (Enter sends, Shift+Enter for a new line)"
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          className="min-h-10 flex-1 resize-none rounded-md border border-input bg-background p-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={thinking || !draft.trim()}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
