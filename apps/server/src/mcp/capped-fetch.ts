/** What one answer of a remote MCP server may be: a JSON body, or one event of a stream. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

const LF = 10;

/** The end of the last event boundary (a blank line) in `chunk`, or -1. */
function lastBoundary(chunk: Uint8Array): number {
  for (let i = chunk.length - 1; i > 0; i -= 1) if (chunk[i] === LF && chunk[i - 1] === LF) return i + 1;
  for (let i = chunk.length - 1; i > 2; i -= 1)
    if (chunk[i] === LF && chunk[i - 2] === LF && chunk[i - 1] === 13) return i + 1;
  return -1;
}

/**
 * fetch whose answers a server cannot make endless: a JSON body over `maxBytes`, or an event of a
 * stream over it, fails the read with a clear message (the SDK then fails the request).
 */
export function cappedFetch(inner: typeof fetch, maxBytes = MAX_MESSAGE_BYTES): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    const stream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    let pending = 0;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const boundary = stream ? lastBoundary(chunk) : -1;
          pending = boundary >= 0 ? chunk.length - boundary : pending + chunk.length;
          if (pending > maxBytes)
            controller.error(
              new Error(
                `The server sent ${stream ? "an event" : "an answer"} over the ${maxBytes}-byte limit`,
              ),
            );
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}
