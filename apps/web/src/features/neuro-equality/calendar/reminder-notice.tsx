import { Bell } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ReminderPermission } from "./reminders";

const words: Record<Exclude<ReminderPermission, "default">, string> = {
  granted: "Reminders are on: a notification comes at the time of each event while this page is open.",
  denied:
    "The browser refused notifications, so reminders show only here in the calendar. You can allow them in the browser's site settings.",
  unsupported: "This browser has no notifications, so reminders show only here in the calendar.",
};

/** Where reminders stand, and the one clear button that asks the browser for notifications. */
export function ReminderNotice({ permission, onAsk }: { permission: ReminderPermission; onAsk: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      {permission === "default" ? (
        <>
          <span>Get a browser notification at the time of each event?</span>
          <Button size="sm" variant="outline" onClick={onAsk}>
            <Bell aria-hidden="true" /> Allow reminder notifications
          </Button>
        </>
      ) : (
        <span>{words[permission]}</span>
      )}
    </div>
  );
}
