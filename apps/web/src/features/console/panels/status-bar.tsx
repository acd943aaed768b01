import { type ChatMessage, contextWindowOf, type ProviderId, providerCatalog } from "@neuroos/contracts";
import { useMemo, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useHealth } from "@/features/system";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import { useAgents } from "@/lib/resources/agents";
import { useMessages, useSessions } from "@/lib/resources/sessions";
import { useSettings } from "@/lib/resources/settings";
import { useStore } from "@/lib/store";
import { pendingDrafts } from "../chat/chat-state";
import { contextLabel, contextSize } from "../chat/context-tokens";
import { useConsole } from "../console-context";
import { useConnectionLabel } from "../use-connection";
import { StatusDot } from "./status-badge";
import { useSystemStats } from "./system-api";

const NO_MESSAGES: ChatMessage[] = [];

/** The model the session's replies come from: its agent's, else the person's default. */
function useSessionModel(sessionId: string | null): { provider: ProviderId; model: string } | null {
  const settings = useSettings().data;
  const agentId = useSessions().data?.find((s) => s.id === sessionId)?.agentId ?? null;
  const agent = useAgents().data?.find((a) => a.id === agentId);
  if (!settings) return null;
  const provider = agent?.provider ?? settings.defaultProvider;
  const model =
    (agent?.provider ? agent.model : null) ??
    settings.providers[provider]?.model ??
    providerCatalog[provider].defaultModel;
  return { provider, model };
}

function ContextSize({ sessionId }: { sessionId: string | null }) {
  const { drafts } = useConsole();
  const messages = useMessages(sessionId).data ?? NO_MESSAGES;
  const active = useSessionModel(sessionId);
  const window = active ? contextWindowOf(active.provider, active.model) : null;
  const draftMap = useSyncExternalStore(drafts.subscribe, drafts.get, drafts.get);
  const size = useMemo(() => {
    const streaming = sessionId
      ? pendingDrafts(draftMap, sessionId, messages)
          .map((d) => d.content)
          .join("")
      : "";
    return contextSize(messages, streaming);
  }, [messages, draftMap, sessionId]);
  return (
    <span
      title={`${
        size.estimated
          ? "Tokens counted by the model where it reported them; the rest estimated at about 4 characters per token"
          : "Tokens as counted by the model"
      }. ${active ? `${active.model}: ${window ? `a ${window.toLocaleString("en-US")}-token window` : "its window is not known (128k shown)"}` : ""}`}
    >
      {contextLabel(size, window ?? undefined)}
      {size.estimated ? <span className="sr-only"> (estimated)</span> : null}
    </span>
  );
}

function Connection() {
  const { channel } = useConsole();
  const label = useConnectionLabel();
  const error = useStore(channel.status, (s) => s.error);
  return (
    <span className="flex items-center gap-1.5">
      <span
        role="status"
        className="flex items-center gap-1.5"
        title={label === "Ready" ? undefined : (error ?? undefined)}
      >
        <StatusDot tone={label === "Ready" ? "success" : label === "Offline" ? "danger" : "warning"} />
        <span className="font-medium text-foreground">{label}</span>
      </span>
      {label !== "Ready" ? (
        <button
          type="button"
          onClick={() => (label === "Offline" ? channel.connect() : channel.retryNow())}
          className="rounded px-1 font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Reconnect now
        </button>
      ) : null}
    </span>
  );
}

function Versions() {
  const { channel } = useConsole();
  const info = useSyncExternalStore(
    channel.terminalInfo.subscribe,
    channel.terminalInfo.get,
    channel.terminalInfo.get,
  );
  const health = useHealth();
  const version = info?.version ?? health.data?.version;
  const parts = [version ? `NeuroOS v${version}` : "NeuroOS"];
  if (info) {
    parts.push(info.pythonVersion ? `Python ${info.pythonVersion}` : "Python not installed");
    if (info.nodeVersion) parts.push(`Node.js ${info.nodeVersion}`);
  }
  return <span>{parts.join(" • ")}</span>;
}

const Separator = () => (
  <span aria-hidden="true" className="hidden text-border sm:inline">
    |
  </span>
);

/** The console's bottom bar: connection, context size, the server's memory and CPU, links, versions. */
export function StatusBar({ className }: { className?: string }) {
  const { sessionId } = useConsole();
  const stats = useSystemStats();
  const memory = stats.data?.memoryUsage;
  return (
    <section
      aria-label="Status bar"
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-border bg-card px-3 py-1.5 text-xs text-muted-foreground sm:px-4",
        className,
      )}
    >
      <Connection />
      <Separator />
      <ContextSize sessionId={sessionId} />
      <Separator />
      <span title="Memory in use on the server">
        Memory: {memory ? `${formatBytes(memory.used)} / ${formatBytes(memory.total)}` : "—"}
      </span>
      <span title="The server's CPU load">
        CPU: {stats.data ? `${Math.round(stats.data.cpuUsage)}%` : "—"}
      </span>
      <Separator />
      <nav aria-label="Console links" className="flex items-center gap-3">
        <Link
          to="/about"
          className="text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          About
        </Link>
        <Link
          to="/support"
          className="text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Support
        </Link>
      </nav>
      <span className="sm:ml-auto">
        <Versions />
      </span>
    </section>
  );
}
