import { type Health, healthSchema } from "@neuroos/contracts";
import { throwIfNotOk } from "../api";

export const healthKey = ["/api/health"] as const;

/** GET /api/health. A degraded server answers 503 with the same body, which is read too. */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch("/api/health", { credentials: "include", signal });
  const body = await response
    .clone()
    .json()
    .catch(() => undefined);
  const parsed = healthSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  await throwIfNotOk(response);
  throw new Error("Unexpected health answer");
}
