/** One raw JSON-RPC message POSTed to /mcp with a token: the status, headers and parsed answer. */
export async function postRpc(
  origin: string,
  token: string,
  message: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | null }> {
  const res = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body: typeof message === "string" ? message : JSON.stringify(message),
  });
  const text = await res.text();
  // An answer on an event stream: its last `data:` line is the response.
  const data = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .pop()
        ?.slice(6);
  return { status: res.status, headers: res.headers, body: data ? JSON.parse(data) : null };
}
