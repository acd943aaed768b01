import * as Tabs from "@radix-ui/react-tabs";
import { ChatPanel } from "./chat/chat-panel";
import { ActivityPanel } from "./panels/activity-panel";
import { FileSystemPanel } from "./panels/file-system-panel";
import { ModulesPanel } from "./panels/modules-panel";
import { NetworkServicesPanel } from "./panels/network-services-panel";

export type MobileTab = "chat" | "files" | "modules" | "activity";

const tabs: { value: MobileTab; label: string }[] = [
  { value: "chat", label: "Chat" },
  { value: "files", label: "Files" },
  { value: "modules", label: "Modules" },
  { value: "activity", label: "Activity" },
];

const panelClasses = "min-h-0 flex-1 overflow-y-auto outline-none data-[state=inactive]:hidden";

/** Small screens: the console's panels as tabs (Chat, Files, Modules, Activity). */
export function MobileConsole({
  tab,
  onTabChange,
}: {
  tab: MobileTab;
  onTabChange: (tab: MobileTab) => void;
}) {
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(value) => onTabChange(value as MobileTab)}
      className="flex min-h-0 flex-1 flex-col"
    >
      <Tabs.List
        aria-label="Console panels"
        className="grid shrink-0 grid-cols-4 border-b border-border bg-card"
      >
        {tabs.map(({ value, label }) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="border-b-2 border-transparent px-2 py-2.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring data-[state=active]:border-primary data-[state=active]:text-foreground"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* The chat stays mounted so a half-written message and the scroll position survive a tab switch. */}
      <Tabs.Content value="chat" forceMount className="min-h-0 flex-1 data-[state=inactive]:hidden">
        <ChatPanel />
      </Tabs.Content>
      <Tabs.Content value="files" className={panelClasses}>
        <div className="p-3">
          <FileSystemPanel />
        </div>
      </Tabs.Content>
      <Tabs.Content value="modules" className={panelClasses}>
        <div className="grid gap-5 p-3">
          <ModulesPanel />
          <NetworkServicesPanel />
        </div>
      </Tabs.Content>
      <Tabs.Content value="activity" className={panelClasses}>
        <ActivityPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}
