import {
  type LocalModel,
  llmApi,
  type ProviderId,
  type ProviderStatus,
  settingsApi,
  type UpdateSettings,
  type UserSettings,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";
import { providerStatusKey, providersKey } from "./providers";

export const settingsKey = [settingsApi.get.path] as const;
export const localModelsKey = [llmApi.localModels.path] as const;

export function useSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }): Promise<UserSettings> => call(settingsApi.get, { signal }),
  });
}

/** Saves a partial update; the providers' list and statuses depend on it, so they refresh too. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: UpdateSettings): Promise<UserSettings> => call(settingsApi.update, { body: update }),
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
    mutationFn: (provider: ProviderId): Promise<ProviderStatus> =>
      call(llmApi.providerStatus, { params: { provider }, query: { refresh: 1 } }),
    onSuccess: (status) => client.setQueryData(providerStatusKey(status.provider), status),
  });
}

/** The local GGUF models; polled each second while one downloads. */
export function useLocalModels() {
  return useQuery({
    queryKey: localModelsKey,
    queryFn: async ({ signal }): Promise<LocalModel[]> => (await call(llmApi.localModels, { signal })).models,
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
      (await call(llmApi.pullModel, { body: { name } })).model,
    onSettled: () => client.invalidateQueries({ queryKey: localModelsKey }),
  });
}
