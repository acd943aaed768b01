import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { useProviders } from "@/lib/resources/providers";
import { useMessages } from "@/lib/resources/sessions";
import { useApprovalShortcut } from "../agent/approval-shortcut";
import { TokenApprovals } from "../agent/token-approvals";
import { useConsole } from "../console-context";
import { CommandOutput } from "../runs/command-output";
import { ExecutionBanner } from "../runs/execution-banner";
import { SessionBar } from "../sessions/session-bar";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { ReplyReader } from "./read-aloud";
import { ReplyAnnouncer } from "./reply-announcer";
import { useStreamingReply } from "./use-streaming-reply";

/** The ways to connect a model: loaded only when no model is usable (most visits never need it). */
const SetupCard = lazy(() => import("@/features/settings").then((m) => ({ default: m.SetupCard })));

/** The centre of the console: the session, its messages and the message box. */
export function ChatPanel() {
  const { sessions, sessionId, createFailed, retryCreate } = useConsole();
  const [command, setCommand] = useState<{ key: string; text: string } | null>(null);
  const providers = useProviders();
  const messages = useMessages(sessionId);
  useApprovalShortcut();
  // A reply streaming while the session opens shows its text so far, then the rest.
  useStreamingReply(sessionId);
  // No model is usable: an empty session shows only the ways to get one; a session with
  // messages keeps them in view under a shorter card.
  const setup = providers.data?.usableProvider === null ? providers.data.providers : null;
  const setupOnly = setup !== null && sessionId !== null && messages.data?.length === 0;

  return (
    <section aria-label="Chat" className="flex h-full min-h-0 min-w-0 flex-col bg-background">
      <SessionBar />
      {sessionId ? <ExecutionBanner sessionId={sessionId} /> : null}
      <div className="flex min-h-0 flex-1 flex-col">
        <TokenApprovals />
        {setup ? (
          <div
            className={setupOnly ? "min-h-0 flex-1 overflow-y-auto" : "max-h-[55%] shrink-0 overflow-y-auto"}
          >
            <Suspense fallback={<Spinner label="Loading the model setup..." />}>
              <SetupCard providers={setup} />
            </Suspense>
          </div>
        ) : null}
        <div className={setupOnly ? "hidden" : "min-h-0 flex-1 overflow-hidden"}>
          {sessionId ? (
            <MessageList key={sessionId} sessionId={sessionId} />
          ) : sessions.isError || createFailed ? (
            <div className="flex flex-col items-center gap-3 p-6 text-center">
              <p className="text-sm text-danger-text">
                {sessions.isError
                  ? errorMessage(sessions.error, "Your sessions could not be loaded.")
                  : "A new session could not be started."}
              </p>
              <Button
                variant="outline"
                size="sm"
                onClick={() => (sessions.isError ? sessions.refetch() : retryCreate())}
              >
                Try again
              </Button>
            </div>
          ) : (
            <Spinner label="Preparing your session..." />
          )}
        </div>
      </div>
      {command ? <CommandOutput command={command} onClose={() => setCommand(null)} /> : null}
      <Composer sessionId={sessionId} onCommand={(key, text) => setCommand({ key, text })} />
      <ReplyAnnouncer sessionId={sessionId} />
      <ReplyReader sessionId={sessionId} />
    </section>
  );
}
