import {
  type MarketplaceFilter,
  type MarketplaceItem,
  marketplaceItemSchema,
  type Publishable,
  type PublishEntryInput,
  publishableSchema,
  type UpdateEntryInput,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../api";
import { agentsKey } from "./agents";
import { pinnedAppsKey } from "./pinned-apps";

export const marketplaceKey = ["/api/marketplace"] as const;
const items = z.array(marketplaceItemSchema);
const anyInstalling = (list: MarketplaceItem[] | undefined) =>
  Boolean(list?.some((i) => i.install?.state === "installing"));
const path = (id: string) => `/api/marketplace/${encodeURIComponent(id)}`;

/** The items matching the search and category (filtered by the server); polled while an install is under way. */
export function useMarketplace(filter: { search: string; category: MarketplaceFilter }) {
  const params = new URLSearchParams();
  if (filter.search.trim()) params.set("search", filter.search.trim());
  if (filter.category !== "all") params.set("category", filter.category);
  const query = params.toString();
  return useQuery({
    queryKey: [...marketplaceKey, filter.search.trim(), filter.category],
    queryFn: async () => items.parse(await apiRequest("GET", `/api/marketplace${query ? `?${query}` : ""}`)),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => (anyInstalling(q.state.data) ? 1000 : false),
  });
}

export function usePublishable(enabled: boolean) {
  return useQuery({
    queryKey: [...marketplaceKey, "publishable"],
    queryFn: async (): Promise<Publishable> =>
      publishableSchema.parse(await apiRequest("GET", "/api/marketplace/publishable")),
    enabled,
  });
}

/** A change to the marketplace: what it touched elsewhere (agents, pins) is read again too. */
function useMarketplaceMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: marketplaceKey }),
        client.invalidateQueries({ queryKey: agentsKey }),
        client.invalidateQueries({ queryKey: pinnedAppsKey }),
      ]);
    },
  });
}

export const useInstall = () =>
  useMarketplaceMutation(async (id: string) =>
    marketplaceItemSchema.parse(await apiRequest("POST", `${path(id)}/install`)),
  );
export const useUninstall = () =>
  useMarketplaceMutation(async (id: string) =>
    marketplaceItemSchema.parse(await apiRequest("DELETE", `${path(id)}/install`)),
  );
export const useRate = () =>
  useMarketplaceMutation(async ({ id, stars }: { id: string; stars: number }) =>
    marketplaceItemSchema.parse(await apiRequest("PUT", `${path(id)}/rating`, { stars })),
  );
export const usePublish = () =>
  useMarketplaceMutation(async (input: PublishEntryInput) =>
    marketplaceItemSchema.parse(await apiRequest("POST", "/api/marketplace/entries", input)),
  );
export const useUpdateEntry = () =>
  useMarketplaceMutation(async ({ id, input }: { id: string; input: UpdateEntryInput }) =>
    marketplaceItemSchema.parse(
      await apiRequest("PATCH", `/api/marketplace/entries/${encodeURIComponent(id)}`, input),
    ),
  );
export const useWithdrawEntry = () =>
  useMarketplaceMutation(async (id: string) =>
    apiRequest("DELETE", `/api/marketplace/entries/${encodeURIComponent(id)}`),
  );
