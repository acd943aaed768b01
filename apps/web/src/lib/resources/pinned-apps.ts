import { PINNED_APPS_PREFERENCE, type PinnableAppId, pinnableAppIds } from "@neuroos/contracts/app-pins";
import { preferenceKey, usePreference } from "./preferences";

export const pinnedAppsKey = preferenceKey(PINNED_APPS_PREFERENCE);

const isPinnable = (id: unknown): id is PinnableAppId =>
  typeof id === "string" && (pinnableAppIds as readonly string[]).includes(id);
const readPins = (stored: unknown): PinnableAppId[] =>
  Array.isArray(stored) ? stored.filter(isPinnable) : [];

/** The apps the person pinned (marketplace app shortcuts), shown on the desktop and the dashboard. */
export function usePinnedApps(): PinnableAppId[] {
  return usePreference(PINNED_APPS_PREFERENCE, readPins).value;
}
