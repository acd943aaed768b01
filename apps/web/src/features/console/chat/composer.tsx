import {
  ATTACHMENTS_PER_MESSAGE,
  MCP_RESOURCES_PER_MESSAGE,
  type McpResourceContent,
} from "@neuroos/contracts";
import {
  Eraser,
  FilePlus,
  FileSearch,
  Paperclip,
  SendHorizontal,
  Square,
  SquareTerminal,
} from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { consoleMessageOf } from "@/lib/console-message";
import { useLastMessageId } from "@/lib/resources/outputs";
import { useStore } from "@/lib/store";
import { toast } from "@/lib/toast";
import { useConsole } from "../console-context";
import { type ExecutionState, isExecuting } from "../runs/execution-state";
import { requestRun } from "../runs/run-request";
import { ComposerAttachmentChip } from "./message-attachments";
import { ComposerResourceChip } from "./resource-chips";
import { ResourcePicker } from "./resource-picker";
import { setSessionBusy } from "./use-chat-frames";
import { useRefusedMessage } from "./use-refused-message";

/** The file picker loads the first time files are attached. */
const AttachmentPicker = lazy(() =>
  import("./attachment-picker").then((m) => ({ default: m.AttachmentPicker })),
);

/** The contracts' limit for one chat message. */
const MAX_MESSAGE_CHARS = 100_000;

const notConnected = () =>
  toast({
    title: "Not connected",
    description: "The live connection to the server is down; it reconnects by itself. Try again in a moment.",
    variant: "destructive",
  });

/**
 * The message box. Enter sends, Shift+Enter starts a new line, Clear empties it; sending needs
 * non-blank text and a session. Resources of the person's MCP servers can go with the message
 * (read again by the server; a refused message comes back to the box). Stop ends a streaming
 * reply; Execute runs the text as a shell command in the sandbox.
 */
export function Composer({
  sessionId,
  onCommand,
}: {
  sessionId: string | null;
  onCommand: (key: string, command: string) => void;
}) {
  const { channel, busy, executions, activity } = useConsole();
  const location = useLocation();
  const navigate = useNavigate();
  // A text handed over by another screen (a transcript) starts the message box.
  const [text, setText] = useState(() => consoleMessageOf(location.state));
  useEffect(() => {
    if (consoleMessageOf(location.state))
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const [resources, setResources] = useState<McpResourceContent[]>([]);
  const [attachments, setAttachments] = useState<string[]>([]);
  const [attaching, setAttaching] = useState(false);
  // "Search my files": each message goes with the passages of the person's files found for it.
  const [searchFiles, setSearchFiles] = useState(false);
  const [picking, setPicking] = useState(false);
  // The picker has no trigger of its own: focus goes back by hand to what opened it.
  const opener = useRef<HTMLElement | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const watch = useRefusedMessage(channel, (sent) => {
    setSessionBusy(busy, sent.sessionId, false);
    setText((now) => (now ? now : sent.text));
    setResources((now) => (now.length > 0 ? now : sent.resources));
    setAttachments((now) => (now.length > 0 ? now : sent.attachments));
  });
  const replying = useStore(
    busy,
    useCallback((set: ReadonlySet<string>) => (sessionId ? set.has(sessionId) : false), [sessionId]),
  );
  const executing = useStore(
    executions,
    useCallback((s: ExecutionState) => isExecuting(s, sessionId), [sessionId]),
  );
  // An Execute's output is kept with the last message, shown under it after a reload.
  const lastMessageId = useLastMessageId(sessionId);
  const blank = text.trim().length === 0;
  const tooLong = text.length > MAX_MESSAGE_CHARS;

  const send = () => {
    if (blank || tooLong || !sessionId || replying) return;
    const requestId = `message:${Date.now()}`;
    const refs = resources.map((r) => ({ serverId: r.serverId, uri: r.uri }));
    const frame = {
      type: "chat_message",
      sessionId,
      content: text,
      requestId,
      ...(refs.length > 0 ? { resources: refs } : {}),
      ...(searchFiles ? { searchFiles } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    } as const;
    if (!channel.send(frame)) return notConnected();
    watch({ requestId, sessionId, text, resources, attachments });
    setText("");
    setResources([]);
    setAttachments([]);
    setSessionBusy(busy, sessionId, true);
  };

  const stop = () => {
    if (sessionId) channel.send({ type: "chat_stop", sessionId });
  };

  const execute = () => {
    const command = text.trim();
    if (!command || !sessionId || executing) return;
    const key = `command:${sessionId}:${Date.now()}`;
    onCommand(key, command);
    const frame = { type: "terminal_command", sessionId, command, messageId: lastMessageId } as const;
    if (requestRun({ channel, executions, activity }, key, frame)) setText("");
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <>
      <form onSubmit={onSubmit} className="border-t border-border bg-card/60 px-3 py-3 sm:px-4">
        <div className="mx-auto grid max-w-4xl gap-2">
          {attachments.length > 0 ? (
            <ul aria-label="Files to send" className="flex flex-wrap gap-1.5">
              {attachments.map((path) => (
                <ComposerAttachmentChip
                  key={path}
                  path={path}
                  onRemove={() => setAttachments((list) => list.filter((p) => p !== path))}
                />
              ))}
            </ul>
          ) : null}
          {resources.length > 0 ? (
            <ul aria-label="Resources to send" className="flex flex-wrap gap-1.5">
              {resources.map((r) => (
                <ComposerResourceChip
                  key={`${r.serverId} ${r.uri}`}
                  resource={r}
                  onRemove={() => setResources((list) => list.filter((x) => x !== r))}
                />
              ))}
            </ul>
          ) : null}
          <label htmlFor={id} className="sr-only">
            Message
          </label>
          <textarea
            id={id}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={
              sessionId
                ? "Message the model... (Enter to send, Shift+Enter for a new line)"
                : "Preparing a session..."
            }
            disabled={!sessionId}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${id}-error` : undefined}
            rows={2}
            className="max-h-48 min-h-16 w-full resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm text-foreground [field-sizing:content] placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
          />
          {tooLong ? (
            <p id={`${id}-error`} className="text-xs text-danger-text">
              A message can be at most {MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters.
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-2">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setText("")}
              disabled={text.length === 0}
            >
              <Eraser aria-hidden="true" />
              Clear
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setPicking(true);
              }}
              disabled={!sessionId || resources.length >= MCP_RESOURCES_PER_MESSAGE}
              title={`Attach a resource of one of your MCP servers (at most ${MCP_RESOURCES_PER_MESSAGE})`}
            >
              <Paperclip aria-hidden="true" />
              Attach resource
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setAttaching(true);
              }}
              disabled={!sessionId || attachments.length >= ATTACHMENTS_PER_MESSAGE}
              title={`Send files of your workspace, or upload some, with the message (at most ${ATTACHMENTS_PER_MESSAGE})`}
            >
              <FilePlus aria-hidden="true" />
              Attach files
            </Button>
            <Button
              type="button"
              variant={searchFiles ? "outline" : "ghost"}
              size="sm"
              aria-pressed={searchFiles}
              onClick={() => setSearchFiles((on) => !on)}
              className={searchFiles ? "border-primary bg-accent" : undefined}
              title="Send each message with the passages of your files that match it; the reply cites them by number"
            >
              <FileSearch aria-hidden="true" />
              Search my files
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={execute}
              disabled={blank || !sessionId || executing}
              title="Run the text as a shell command in your sandbox"
            >
              <SquareTerminal aria-hidden="true" />
              Execute
            </Button>
            <span className="ml-auto" />
            {replying ? (
              <Button type="button" variant="destructive" size="sm" onClick={stop}>
                <Square aria-hidden="true" />
                Stop
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={blank || tooLong || !sessionId || replying}>
              <SendHorizontal aria-hidden="true" />
              Send
            </Button>
          </div>
        </div>
      </form>
      {attaching ? (
        <Suspense fallback={null}>
          <AttachmentPicker
            open={attaching}
            room={ATTACHMENTS_PER_MESSAGE - attachments.length}
            onClose={() => {
              setAttaching(false);
              requestAnimationFrame(() =>
                (opener.current?.isConnected ? opener.current : box.current)?.focus(),
              );
            }}
            onAttach={(paths) =>
              setAttachments((list) => [...new Set([...list, ...paths])].slice(0, ATTACHMENTS_PER_MESSAGE))
            }
          />
        </Suspense>
      ) : null}
      {/* Outside the form: the picker's own submit must not bubble (through the portal) to this one. */}
      <ResourcePicker
        open={picking}
        onClose={() => {
          setPicking(false);
          // Back to the button, or to the message box once no more can be attached.
          requestAnimationFrame(() => {
            const button = opener.current;
            (button?.isConnected && !button.matches(":disabled") ? button : box.current)?.focus();
          });
        }}
        onAttach={(resource) =>
          setResources((list) =>
            list.some((r) => r.serverId === resource.serverId && r.uri === resource.uri)
              ? list
              : [...list, resource].slice(0, MCP_RESOURCES_PER_MESSAGE),
          )
        }
      />
    </>
  );
}
