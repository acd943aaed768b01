import { llmApi, type ProviderId } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "../api";

export const providersKey = [llmApi.providers.path] as const;
/** A provider's status query (Settings' connection test puts its fresh answer there). */
export const providerStatusKey = (provider: string) => [llmApi.providers.path, provider, "status"] as const;

/** The server caches live checks for 30 s; the panel asks again each minute. */
export const PROVIDER_STATUS_REFRESH_MS = 60_000;

export function useProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: ({ signal }) => call(llmApi.providers, { signal }),
  });
}

/** A provider's live status; a failed check counts as not active (product spec section 4). */
export function useProviderStatus(provider: ProviderId) {
  return useQuery({
    queryKey: providerStatusKey(provider),
    queryFn: ({ signal }) => call(llmApi.providerStatus, { params: { provider }, signal }),
    refetchInterval: PROVIDER_STATUS_REFRESH_MS,
  });
}
