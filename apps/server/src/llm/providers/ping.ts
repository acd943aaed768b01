import { APICallError } from "@ai-sdk/provider";
import type { Connection } from "../types";

/** GET `path` on the provider with `headers`; non-2xx throws an APICallError like a model call. */
async function getJson(
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

/** The headers of a provider that takes its key as a bearer token (none without a key). */
export const bearer = (connection: Connection): Record<string, string> =>
  connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {};

/**
 * The cheap live check most providers answer: GET their model listing and say how many
 * models it names ("Answered: 12 models available").
 */
export async function pingModelList(
  connection: Connection,
  path: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  models: "available" | "installed" = "available",
): Promise<string> {
  const n = countModels(await getJson(connection, path, headers, signal));
  return n === null ? "Answered" : `Answered: ${n} models ${models}`;
}

/** The number of entries of a `{ data: [...] }` or `{ models: [...] }` listing. */
function countModels(listing: unknown): number | null {
  const l = listing as { data?: unknown; models?: unknown } | null;
  const list = Array.isArray(l?.data) ? l.data : Array.isArray(l?.models) ? l.models : null;
  return list ? list.length : null;
}
