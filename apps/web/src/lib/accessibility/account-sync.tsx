import { useEffect } from "react";
import { useCurrentUser } from "../current-user";
import { syncAccessibilityWithAccount } from "./settings";

/**
 * Keeps the accessibility settings with the signed-in account: read when someone signs in (so a
 * fresh browser gets the account's), saved to it on every change; signed out, the device's copy.
 */
export function AccessibilityAccountSync() {
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    syncAccessibilityWithAccount(Boolean(userId)).catch(() => {
      // The account's copy could not be read: the device's copy stays in force.
    });
  }, [userId]);
  return null;
}
