import { type Health, healthSchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { throwIfNotOk } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

/** GET /api/health. A degraded server answers 503 with the same body, which is read too. */
async function fetchHealth({ signal }: { signal: AbortSignal }): Promise<Health> {
  const response = await fetch(queryKeys.health.join("/"), { credentials: "include", signal });
  const body = await response
    .clone()
    .json()
    .catch(() => undefined);
  const parsed = healthSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  await throwIfNotOk(response);
  throw new Error("Unexpected health answer");
}

export function useHealth(options: { refetchInterval?: number } = {}) {
  return useQuery({ queryKey: queryKeys.health, queryFn: fetchHealth, ...options });
}

export type SystemState = "Checking..." | "Active" | "Degraded" | "Unreachable";

/** The one-word state of the system, from the health answer. */
export function systemState(health: ReturnType<typeof useHealth>): SystemState {
  if (health.isPending) return "Checking...";
  if (health.isError) return "Unreachable";
  return health.data.status === "ok" ? "Active" : "Degraded";
}
