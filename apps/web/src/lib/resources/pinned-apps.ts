import { PINNED_APPS_PREFERENCE, type PinnableAppId, pinnableAppIds } from "@neuroos/contracts/app-pins";
import { useQuery } from "@tanstack/react-query";
import { preferenceKey, readPreference } from "./preferences";

export const pinnedAppsKey = preferenceKey(PINNED_APPS_PREFERENCE);

const isPinnable = (id: unknown): id is PinnableAppId =>
  typeof id === "string" && (pinnableAppIds as readonly string[]).includes(id);

/** The apps the person pinned (marketplace app shortcuts), shown on the desktop and the dashboard. */
export function usePinnedApps(): PinnableAppId[] {
  const query = useQuery({
    queryKey: pinnedAppsKey,
    queryFn: () =>
      readPreference(PINNED_APPS_PREFERENCE, (value) =>
        Array.isArray(value) ? value.filter(isPinnable) : [],
      ),
  });
  return query.data ?? [];
}
