import {
  type MarketplaceFilter,
  type MarketplaceItem,
  marketplaceApi,
  type Publishable,
  type PublishEntryInput,
  type UpdateEntryInput,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";
import { agentsKey } from "./agents";
import { pinnedAppsKey } from "./pinned-apps";

export const marketplaceKey = [marketplaceApi.list.path] as const;
const anyInstalling = (list: MarketplaceItem[] | undefined) =>
  Boolean(list?.some((i) => i.install?.state === "installing"));

/** The items matching the search and category (filtered by the server); polled while an install is under way. */
export function useMarketplace(filter: { search: string; category: MarketplaceFilter }) {
  const search = filter.search.trim();
  return useQuery({
    queryKey: [...marketplaceKey, search, filter.category],
    queryFn: ({ signal }): Promise<MarketplaceItem[]> =>
      call(marketplaceApi.list, {
        query: {
          search: search || undefined,
          category: filter.category === "all" ? undefined : filter.category,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
    refetchInterval: (q) => (anyInstalling(q.state.data) ? 1000 : false),
  });
}

export function usePublishable(enabled: boolean) {
  return useQuery({
    queryKey: [...marketplaceKey, "publishable"],
    queryFn: ({ signal }): Promise<Publishable> => call(marketplaceApi.publishable, { signal }),
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
  useMarketplaceMutation((id: string) => call(marketplaceApi.install, { params: { id } }));
export const useUninstall = () =>
  useMarketplaceMutation((id: string) => call(marketplaceApi.uninstall, { params: { id } }));
export const useRate = () =>
  useMarketplaceMutation(({ id, stars }: { id: string; stars: number }) =>
    call(marketplaceApi.rate, { params: { id }, body: { stars } }),
  );
export const usePublish = () =>
  useMarketplaceMutation((input: PublishEntryInput) => call(marketplaceApi.publish, { body: input }));
export const useUpdateEntry = () =>
  useMarketplaceMutation(({ id, input }: { id: string; input: UpdateEntryInput }) =>
    call(marketplaceApi.updateEntry, { params: { id }, body: input }),
  );
export const useWithdrawEntry = () =>
  useMarketplaceMutation((id: string) => call(marketplaceApi.withdrawEntry, { params: { id } }));
