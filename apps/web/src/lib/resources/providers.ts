import { type ProviderId, providerStatusSchema, providersResponseSchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../api";

export const providersKey = ["/api/llm/providers"] as const;
export const providerStatusKey = (provider: string) => ["/api/llm/providers", provider, "status"] as const;

const fetchJson = getQueryFn({ on401: "throw" });

/** The server caches live checks for 30 s; the panel asks again each minute. */
export const PROVIDER_STATUS_REFRESH_MS = 60_000;

export function useProviders() {
  return useQuery({
    queryKey: providersKey,
    queryFn: async (context) => providersResponseSchema.parse(await fetchJson(context)),
  });
}

/** A provider's live status; a failed check counts as not active (product spec section 4). */
export function useProviderStatus(provider: ProviderId) {
  return useQuery({
    queryKey: providerStatusKey(provider),
    queryFn: async (context) => providerStatusSchema.parse(await fetchJson(context)),
    refetchInterval: PROVIDER_STATUS_REFRESH_MS,
  });
}
