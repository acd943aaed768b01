import { useQuery } from "@tanstack/react-query";
import { fetchHealth, healthKey } from "@/lib/resources/health";

export function useHealth(options: { refetchInterval?: number } = {}) {
  return useQuery({ queryKey: healthKey, queryFn: ({ signal }) => fetchHealth(signal), ...options });
}

export type SystemState = "Checking..." | "Active" | "Degraded" | "Unreachable";

/** The one-word state of the system, from the health answer. */
export function systemState(health: ReturnType<typeof useHealth>): SystemState {
  if (health.isPending) return "Checking...";
  if (health.isError) return "Unreachable";
  return health.data.status === "ok" ? "Active" : "Degraded";
}
