import {
  vectorApi as endpoints,
  type VectorAnalyticsEntry,
  type VectorIndexStatus,
  type VectorSearchMode,
  vectorObjectTypeSchema,
} from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "../api";

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
    queryFn: (): Promise<IndexStatus> => call(endpoints.status),
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
      call(endpoints.models).catch(() => ({ models: [], index: "exact" as const, switching: null })),
  });
}

export function useAnalytics() {
  return useQuery({
    queryKey: vectorKeys.analytics,
    queryFn: async () =>
      call(endpoints.analytics, { query: { limit: 50 } })
        .then((answer) => answer.analytics)
        .catch((): AnalyticsEntry[] => []),
  });
}

/** The search screen's calls (server: apps/server/src/vector/routes.ts). */
export const vectorApi = {
  initialize: () => call(endpoints.initialize),
  chooseModel: (modelId: string) => call(endpoints.chooseModel, { body: { modelId } }),
  search: async (
    query: string,
    mode: VectorSearchMode,
    options: { objectType?: string; limit: number; threshold: number },
  ) => {
    // A type from the screen's select (one of the schema's), checked to the body's own type.
    const { objectType, ...rest } = options;
    const type = objectType ? { objectType: vectorObjectTypeSchema.parse(objectType) } : {};
    return (await call(endpoints.search, { body: { query, mode, options: { ...type, ...rest } } })).results;
  },
};
