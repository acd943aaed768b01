import {
  type VectorAnalyticsEntry,
  type VectorIndexStatus,
  type VectorSearchMode,
  vectorAnalyticsResponseSchema,
  vectorIndexStatusSchema,
  vectorInitializeResponseSchema,
  vectorModelChoiceResponseSchema,
  vectorModelsResponseSchema,
  vectorSearchResponseSchema,
} from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api";

export type IndexStatus = VectorIndexStatus;
export type AnalyticsEntry = VectorAnalyticsEntry;

export const vectorKeys = {
  all: ["vector"] as const,
  status: ["vector", "status"] as const,
  models: ["vector", "models"] as const,
  analytics: ["vector", "analytics"] as const,
};

/** The index's progress, polled while it indexes. */
export function useIndexStatus() {
  return useQuery({
    queryKey: vectorKeys.status,
    queryFn: async () => vectorIndexStatusSchema.parse(await apiRequest("GET", "/api/vector/status")),
    refetchInterval: (query) =>
      query.state.data?.progress.state === "indexing" ||
      ["downloading", "embedding"].includes(query.state.data?.switching?.state ?? "")
        ? 500
        : false,
  });
}

/** Spec: models and analytics fetches swallow errors (empty lists). */
export function useModels() {
  return useQuery({
    queryKey: vectorKeys.models,
    queryFn: async () =>
      apiRequest("GET", "/api/vector/models")
        .then((answer) => vectorModelsResponseSchema.parse(answer))
        .catch(() => ({ models: [], index: "exact" as const, switching: null })),
  });
}

export function useAnalytics() {
  return useQuery({
    queryKey: vectorKeys.analytics,
    queryFn: async () =>
      apiRequest("GET", "/api/vector/analytics?limit=50")
        .then((answer) => vectorAnalyticsResponseSchema.parse(answer).analytics)
        .catch((): AnalyticsEntry[] => []),
  });
}

export const vectorApi = {
  initialize: async () =>
    vectorInitializeResponseSchema.parse(await apiRequest("POST", "/api/vector/initialize")),
  chooseModel: async (modelId: string) =>
    vectorModelChoiceResponseSchema.parse(await apiRequest("POST", "/api/vector/models/active", { modelId })),
  search: async (
    query: string,
    mode: VectorSearchMode,
    options: { objectType?: string; limit: number; threshold: number },
  ) =>
    vectorSearchResponseSchema.parse(await apiRequest("POST", "/api/vector/search", { query, mode, options }))
      .results,
};
