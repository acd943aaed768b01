import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "../lib/api";

/** Spec: no retries, never stale, no refetch on focus, no polling unless a query asks for it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
