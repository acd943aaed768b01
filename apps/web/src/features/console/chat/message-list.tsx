import { useVirtualizer } from "@tanstack/react-virtual";
import { MessageSquareText } from "lucide-react";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { Citation } from "@/components/content/citations";
import { FileViewerDialog } from "@/components/content/file-viewer-dialog";
import { preloadMarkdown } from "@/components/content/lazy-markdown";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useMessages } from "@/lib/resources/sessions";
import { useStore } from "@/lib/store";
import type { AgentState } from "../agent/agent-state";
import { AgentStatusItem } from "../agent/agent-status";
import { ToolCard } from "../agent/tool-card";
import { useConsole } from "../console-context";
import { CommandOutputs } from "../runs/command-outputs";
import { buildItems, type Item, NONE } from "../runs/run-items";
import { pendingDrafts } from "./chat-state";
import { draftMessage, MessageItem, ThinkingItem } from "./message-item";
import { sourcesByReply } from "./message-passages";

/** How close to the bottom (px) still counts as "at the bottom": new content keeps it in view. */
const STICK_THRESHOLD = 80;

function EmptyState() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <MessageSquareText className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-semibold">Start a conversation</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Ask the model anything. Code it writes in Python, JavaScript, shell or bash gets a Run button; it runs
        in your sandbox, next to your files.
      </p>
    </div>
  );
}

/**
 * The session's messages, virtualised: only the messages in view (and a few around) are in the
 * page, so a session of thousands opens at once. New content keeps the view at the bottom
 * unless the reader has scrolled up.
 */
export function MessageList({ sessionId }: { sessionId: string }) {
  const { drafts, busy, agents } = useConsole();
  const messages = useMessages(sessionId);
  // A file a reply cites, open at the cited lines.
  const [cited, setCited] = useState<Citation | null>(null);
  const draftMap = useSyncExternalStore(drafts.subscribe, drafts.get, drafts.get);
  const isBusy = useStore(
    busy,
    useCallback((set: ReadonlySet<string>) => set.has(sessionId), [sessionId]),
  );
  // A reply is coming: its markdown renderer loads meanwhile.
  useEffect(() => {
    if (isBusy) preloadMarkdown();
  }, [isBusy]);
  const liveIds = useStore(
    agents,
    useCallback((state: AgentState) => state.callIds[sessionId] ?? NONE, [sessionId]),
  );
  // A tool still running or waiting for approval: its card shows that, no thinking dots.
  const toolActive = useStore(
    agents,
    useCallback(
      (state: AgentState) =>
        (state.callIds[sessionId] ?? NONE).some((id) => state.calls[id]?.result === null),
      [sessionId],
    ),
  );
  const hasStatus = useStore(
    agents,
    useCallback((state: AgentState) => state.status[sessionId] !== undefined, [sessionId]),
  );
  const stored = messages.data;
  // The branch's last reply (after its last user message) can be answered again.
  const lastReplyId = useMemo(() => {
    for (let i = (stored?.length ?? 0) - 1; i >= 0; i--) {
      const m = stored?.[i];
      if (!m || m.role === "user") return null;
      if (m.role === "assistant") return m.id;
    }
    return null;
  }, [stored]);

  const items = useMemo<Item[]>(() => {
    const pending = pendingDrafts(draftMap, sessionId, stored ?? []);
    const draftItems: Item[] = pending.map((draft) => ({
      kind: "message",
      key: draft.messageId,
      message: draftMessage(draft),
      streaming: true,
    }));
    const list = buildItems(stored ?? [], agents.get(), liveIds, draftItems);
    if (isBusy && pending.length === 0 && !toolActive) list.push({ kind: "thinking", key: "thinking" });
    if (hasStatus) list.push({ kind: "status", key: "agent-status" });
    return list;
  }, [stored, draftMap, sessionId, isBusy, agents, liveIds, toolActive, hasStatus]);

  // A streaming reply's numbered sources link while it streams, not only once stored.
  const sources = useMemo(
    () => sourcesByReply(items.flatMap((item) => (item.kind === "message" ? [item.message] : []))),
    [items],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 120,
    overscan: 6,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  const totalSize = virtualizer.getTotalSize();

  // Keeps the newest content in view while the reader is at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the content's size or count changes
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !stick.current || items.length === 0) return;
    el.scrollTop = el.scrollHeight;
  }, [totalSize, items.length]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD;
  };

  if (messages.isPending) return <Spinner label="Loading messages..." />;
  if (messages.isError) {
    return (
      <div className="flex flex-col items-center gap-3 p-6 text-center">
        <p className="text-sm text-danger-text">
          {errorMessage(messages.error, "The messages could not be loaded.")}
        </p>
        <Button variant="outline" size="sm" onClick={() => messages.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) return <EmptyState />;

  return (
    <>
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-label="Messages"
        aria-live="off"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the message list scrolls; keyboard users must reach it
        tabIndex={0}
        className="h-full overflow-y-auto overscroll-contain outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <div className="relative mx-auto w-full max-w-4xl" style={{ height: totalSize }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index];
            if (!item) return null;
            return (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${row.start}px)` }}
              >
                {item.kind === "message" ? (
                  <>
                    <MessageItem
                      message={item.message}
                      streaming={item.streaming}
                      onCitation={setCited}
                      sources={sources.get(item.message.id)}
                      canRegenerate={item.message.id === lastReplyId}
                    />
                    <CommandOutputs sessionId={sessionId} message={item.message} />
                  </>
                ) : item.kind === "tool" ? (
                  <>
                    <ToolCard sessionId={sessionId} call={item.call} stored={item.stored} />
                    {item.stored ? <CommandOutputs sessionId={sessionId} message={item.stored} /> : null}
                  </>
                ) : item.kind === "status" ? (
                  <AgentStatusItem sessionId={sessionId} />
                ) : (
                  <ThinkingItem />
                )}
              </div>
            );
          })}
        </div>
      </div>
      <FileViewerDialog path={cited?.path ?? null} lines={cited} onClose={() => setCited(null)} />
    </>
  );
}
