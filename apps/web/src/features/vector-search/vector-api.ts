import type {
  EmbeddingModel,
  EmbeddingModelSwitch,
  VectorSearchMode,
  VectorSearchResult,
} from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";

export interface IndexStatus {
  progress: {
    state: "idle" | "indexing" | "done";
    done: number;
    total: number;
    skipped: { path: string; reason: string }[];
  };
  chunks: number;
  index: "hnsw" | "exact";
  switching: EmbeddingModelSwitch | null;
}
export interface AnalyticsEntry {
  id: string;
  query: string;
  resultCount: number;
  searchType: string;
  createdAt: string;
}

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
    queryFn: async () => (await apiRequest("GET", "/api/vector/status")) as IndexStatus,
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
      (await apiRequest("GET", "/api/vector/models").catch(() => ({ models: [], index: "exact" }))) as {
        models: EmbeddingModel[];
        index: "hnsw" | "exact";
      },
  });
}

export function useAnalytics() {
  return useQuery({
    queryKey: vectorKeys.analytics,
    queryFn: async () =>
      (
        (await apiRequest("GET", "/api/vector/analytics?limit=50").catch(() => ({ analytics: [] }))) as {
          analytics: AnalyticsEntry[];
        }
      ).analytics,
  });
}

export const vectorApi = {
  initialize: async () => (await apiRequest("POST", "/api/vector/initialize")) as { message?: string },
  chooseModel: async (modelId: string) =>
    (await apiRequest("POST", "/api/vector/models/active", { modelId })) as {
      switching: EmbeddingModelSwitch | null;
    },
  search: async (
    query: string,
    mode: VectorSearchMode,
    options: { objectType?: string; limit: number; threshold: number },
  ) =>
    (
      (await apiRequest("POST", "/api/vector/search", { query, mode, options })) as {
        results: VectorSearchResult[];
      }
    ).results,
};
