import {
  type LocalModel,
  localModelSchema,
  localModelsResponseSchema,
  type ProviderId,
  type ProviderStatus,
  providerStatusSchema,
  type UpdateSettings,
  type UserSettings,
  userSettingsSchema,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";
import { providerStatusKey, providersKey } from "./providers";

const fetchJson = getQueryFn({ on401: "throw" });

export const settingsKey = ["/api/settings"] as const;
export const localModelsKey = ["/api/llm/local/models"] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async (context) => userSettingsSchema.parse(await fetchJson(context)),
  });
}

/** Saves a partial update; the providers' list and statuses depend on it, so they refresh too. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: UpdateSettings): Promise<UserSettings> =>
      userSettingsSchema.parse(await apiRequest("PUT", "/api/settings", update)),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      void client.invalidateQueries({ queryKey: providersKey });
    },
  });
}

/** A live check of the saved settings of one provider (bypasses the server's 30 s cache). */
export function useTestConnection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (provider: ProviderId): Promise<ProviderStatus> =>
      providerStatusSchema.parse(await apiRequest("GET", `/api/llm/providers/${provider}/status?refresh=1`)),
    onSuccess: (status) => client.setQueryData(providerStatusKey(status.provider), status),
  });
}

/** The local GGUF models; polled each second while one downloads. */
export function useLocalModels() {
  return useQuery({
    queryKey: localModelsKey,
    queryFn: async (context) => localModelsResponseSchema.parse(await fetchJson(context)).models,
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.download?.state === "downloading" || m.download?.state === "verifying")
        ? 1000
        : false,
  });
}

export function usePullModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<LocalModel> =>
      z
        .object({ model: localModelSchema })
        .parse(await apiRequest("POST", "/api/llm/local/models/pull", { name })).model,
    onSettled: () => client.invalidateQueries({ queryKey: localModelsKey }),
  });
}
