import { type Health, healthApi } from "@neuroos/contracts";
import { throwIfNotOk } from "../api";

export const healthKey = [healthApi.get.path] as const;

/**
 * healthApi.get. Its own fetch, not call(): a degraded server answers 503 with the same body,
 * which is read too (call() would throw on the 503).
 */
export async function fetchHealth(signal?: AbortSignal): Promise<Health> {
  const response = await fetch(healthApi.get.path, { credentials: "include", signal });
  const body = await response
    .clone()
    .json()
    .catch(() => undefined);
  const parsed = healthApi.get.answer.safeParse(body);
  if (parsed.success) return parsed.data;
  await throwIfNotOk(response);
  throw new Error("Unexpected health answer");
}
