import { useId, useState } from "react";
import { HostedScreen } from "@/components/app-host/hosted-screen";
import { appRegistry } from "@/lib/apps/registry";
import { cn } from "@/lib/cn";
import { ChatPanel } from "./chat/chat-panel";
import { SessionSidebar } from "./sessions/session-sidebar";

/** Spec: the console's top tabs; each but the chat shows an app's screen from the registry. */
const TABS = [
  { id: "chat", label: "Chat Interface", app: null },
  { id: "editor", label: "Code Editor", app: "ide" },
  { id: "files", label: "File Browser", app: "files" },
  { id: "monitor", label: "System Monitor", app: "analytics" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * The console's centre: the chat, the IDE's editor, the file browser or the Analytics monitor,
 * switched by its tabs (arrow keys move between them). A screen loads the first time its tab is
 * chosen and stays mounted after, so switching back keeps its state.
 */
export function CentrePane() {
  const [tab, setTab] = useState<TabId>("chat");
  const [opened, setOpened] = useState<Set<TabId>>(() => new Set(["chat"]));
  const base = useId();
  const choose = (id: TabId) => {
    setTab(id);
    setOpened((s) => (s.has(id) ? s : new Set(s).add(id)));
  };
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        role="tablist"
        aria-label="Console views"
        className="flex shrink-0 gap-1 overflow-x-auto border-b border-border px-2"
        onKeyDown={(event) => {
          const at = TABS.findIndex((t) => t.id === tab);
          const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
          if (!step) return;
          event.preventDefault();
          const next = TABS[(at + step + TABS.length) % TABS.length];
          if (!next) return;
          choose(next.id);
          document.getElementById(`${base}-${next.id}-tab`)?.focus();
        }}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`${base}-${t.id}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${base}-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => choose(t.id)}
            className={cn(
              "shrink-0 px-3 py-2 text-sm font-medium outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
              tab === t.id ? "border-b-2 border-primary" : "text-muted-foreground",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => {
        if (!opened.has(t.id)) return null;
        const app = t.app ? appRegistry.find((a) => a.id === t.app) : undefined;
        return (
          <div
            key={t.id}
            id={`${base}-${t.id}`}
            role="tabpanel"
            aria-labelledby={`${base}-${t.id}-tab`}
            hidden={tab !== t.id}
            // A screen made for the whole page fills the pane instead.
            className="min-h-0 flex-1 overflow-auto [&_.h-dvh]:h-full"
          >
            {app ? (
              <HostedScreen app={app} />
            ) : (
              <div className="flex h-full min-h-0">
                <SessionSidebar />
                <div className="min-w-0 flex-1">
                  <ChatPanel />
                </div>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
