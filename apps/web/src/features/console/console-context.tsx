import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { LiveChannel } from "@/lib/live/live-channel";
import { useLiveChannel } from "@/lib/live/live-context";
import { createStore, type Store } from "@/lib/store";
import { type AgentState, initialAgentState } from "./agent/agent-state";
import { useAgentFrames } from "./agent/use-agent-frames";
import { DraftStore } from "./chat/draft-store";
import { useChatFrames } from "./chat/use-chat-frames";
import type { ActivityEntry } from "./panels/activity";
import { useActivityFrames } from "./panels/use-activity-frames";
import { type ExecutionState, initialExecutionState } from "./runs/execution-state";
import { useExecutionFrames } from "./runs/use-execution-frames";
import { useSessionFrames } from "./sessions/use-session-frames";
import { useSessionSelection } from "./sessions/use-session-selection";

interface ConsoleStores {
  channel: LiveChannel;
  drafts: DraftStore;
  /** Sessions with a reply in progress. */
  busy: Store<ReadonlySet<string>>;
  executions: Store<ExecutionState>;
  activity: Store<ActivityEntry[]>;
  /** Agent runs: live tool calls, approvals and run states. */
  agents: Store<AgentState>;
}

export interface ConsoleContextValue extends ConsoleStores {
  sessions: ReturnType<typeof useSessionSelection>["sessions"];
  sessionId: string | null;
  selectSession: (id: string) => void;
  /** Creating the first session failed; `retryCreate` tries again. */
  createFailed: boolean;
  retryCreate: () => void;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

function createStores(channel: LiveChannel): ConsoleStores {
  return {
    channel,
    drafts: new DraftStore(),
    busy: createStore<ReadonlySet<string>>(new Set()),
    executions: createStore(initialExecutionState),
    activity: createStore<ActivityEntry[]>([]),
    agents: createStore(initialAgentState),
  };
}

/** The console's state over the tab's live channel, shared by its panels. */
export function ConsoleProvider({ children }: { children: ReactNode }) {
  const channel = useLiveChannel();
  if (!channel) return <Spinner label="Connecting..." />;
  return (
    <ConsoleStoresProvider key={channel.id} channel={channel}>
      {children}
    </ConsoleStoresProvider>
  );
}

function ConsoleStoresProvider({ channel, children }: { channel: LiveChannel; children: ReactNode }) {
  const [stores] = useState(() => createStores(channel));
  const { drafts } = stores;
  const selection = useSessionSelection();

  useEffect(() => () => drafts.dispose(), [drafts]);

  useChatFrames(channel, drafts, stores.busy);
  useExecutionFrames(channel, stores.executions);
  useActivityFrames(channel, stores.activity);
  useSessionFrames(channel);
  useAgentFrames(channel, stores.agents, stores.busy);

  const { sessions, selectedId, select, createFailed, retryCreate } = selection;
  const value = useMemo<ConsoleContextValue>(
    () => ({ ...stores, sessions, sessionId: selectedId, selectSession: select, createFailed, retryCreate }),
    [stores, sessions, selectedId, select, createFailed, retryCreate],
  );
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error("useConsole must be used inside a ConsoleProvider");
  return value;
}
