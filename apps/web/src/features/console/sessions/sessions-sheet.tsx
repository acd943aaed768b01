import { History } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { SessionSidebar } from "./session-sidebar";

/**
 * Small screens: the sessions sidebar (search, menus, archive, import) in a sheet opened from the
 * session bar; opening a session closes it.
 */
export function SessionsSheet() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title="Sessions"
      trigger={
        <Button variant="ghost" size="icon" className="size-9" aria-label="All sessions">
          <History aria-hidden="true" />
        </Button>
      }
    >
      <SessionSidebar inSheet onChosen={() => setOpen(false)} />
    </Sheet>
  );
}
