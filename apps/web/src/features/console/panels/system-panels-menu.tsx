import { Activity, Boxes, FolderTree, PanelLeft } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import type { MobileTab } from "../mobile-console";

const panels: { tab: MobileTab; title: string; description: string; icon: typeof FolderTree }[] = [
  { tab: "files", title: "File System", description: "Your workspace files", icon: FolderTree },
  { tab: "modules", title: "System Modules", description: "Module health and network services", icon: Boxes },
  { tab: "activity", title: "Activity Log", description: "Live activity and execution logs", icon: Activity },
];

/** Small screens: a slide-in menu, 'System Panels', that opens one of the console's panels. */
export function SystemPanelsMenu({ onOpenPanel }: { onOpenPanel: (tab: MobileTab) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title="System Panels"
      trigger={
        <Button variant="ghost" size="icon" aria-label="Open system panels">
          <PanelLeft aria-hidden="true" />
        </Button>
      }
    >
      <ul className="grid gap-1 p-3">
        {panels.map(({ tab, title, description, icon: Icon }) => (
          <li key={tab}>
            <button
              type="button"
              onClick={() => {
                onOpenPanel(tab);
                setOpen(false);
              }}
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="grid">
                <span className="text-sm font-medium">{title}</span>
                <span className="text-xs text-muted-foreground">{description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
