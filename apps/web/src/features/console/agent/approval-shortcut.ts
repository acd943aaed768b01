import { useEffect } from "react";
import { toast } from "@/lib/toast";

/** The console's one shortcut to the approval card (docs/user/keyboard.md). */
export const APPROVAL_SHORTCUT = "Alt+Shift+A";

/** Marks the button the shortcut focuses: the Approve button of an approval card. */
export const APPROVE_BUTTON_ATTRIBUTE = "data-approve";

/**
 * Alt+Shift+A anywhere on the console moves focus to the first approval waiting (its Approve
 * button, scrolled into view); with none waiting it says so. Matched by key position, so the
 * layout (and macOS's Option characters) does not matter.
 */
export function useApprovalShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || event.code !== "KeyA") return;
      event.preventDefault();
      const button = document.querySelector<HTMLButtonElement>(
        `button[${APPROVE_BUTTON_ATTRIBUTE}]:not(:disabled)`,
      );
      if (!button) {
        toast({ title: "No approval is waiting", description: "The agent has not asked for anything." });
        return;
      }
      button.scrollIntoView({ block: "center" });
      button.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
