import { PINNED_APPS_PREFERENCE, type PinnableAppId, pinnableAppIds } from "@neuroos/contracts/app-pins";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api";

export const pinnedAppsKey = [`/api/preferences/${PINNED_APPS_PREFERENCE}`] as const;

const isPinnable = (id: unknown): id is PinnableAppId =>
  typeof id === "string" && (pinnableAppIds as readonly string[]).includes(id);

/** The apps the person pinned (marketplace app shortcuts), shown on the desktop and the dashboard. */
export function usePinnedApps(): PinnableAppId[] {
  const query = useQuery({
    queryKey: pinnedAppsKey,
    queryFn: async () => {
      const answer = (await apiRequest("GET", pinnedAppsKey[0])) as { value: unknown };
      return Array.isArray(answer.value) ? answer.value.filter(isPinnable) : [];
    },
  });
  return query.data ?? [];
}
