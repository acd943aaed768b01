import { APICallError } from "@ai-sdk/provider";
import type { Connection } from "../types";

/** GET `path` on the provider with `headers`; non-2xx throws an APICallError like a model call. */
export async function getJson(
  connection: Connection,
  path: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  const url = `${connection.baseUrl}${path}`;
  const res = await connection.fetch(url, { headers, signal });
  const body = await res.text();
  if (!res.ok) {
    let message = res.statusText || `HTTP ${res.status}`;
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
      const e = parsed.error;
      message = (typeof e === "string" ? e : e?.message) ?? parsed.message ?? message;
    } catch {
      /* not JSON: keep the status text */
    }
    throw new APICallError({
      message,
      url,
      requestBodyValues: {},
      statusCode: res.status,
      responseHeaders: Object.fromEntries(res.headers.entries()),
      responseBody: body,
    });
  }
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** The number of entries of a `{ data: [...] }` or `{ models: [...] }` listing. */
export function countModels(listing: unknown): number | null {
  const l = listing as { data?: unknown; models?: unknown } | null;
  const list = Array.isArray(l?.data) ? l.data : Array.isArray(l?.models) ? l.models : null;
  return list ? list.length : null;
}
