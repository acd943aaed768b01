import { Menu } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Sheet } from "@/components/ui/sheet";
import { SidebarNav } from "./sidebar-nav";
import { UserPanel } from "./user-panel";

/** The sidebar's content in a slide-in sheet, for narrow screens. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      title="Navigation"
      trigger={
        <Button variant="ghost" size="icon" aria-label="Open menu" className="lg:hidden">
          <Menu aria-hidden="true" />
        </Button>
      }
    >
      <SidebarNav onNavigate={() => setOpen(false)} />
      <UserPanel />
    </Sheet>
  );
}
