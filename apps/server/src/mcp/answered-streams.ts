/**
 * fetch for one Streamable HTTP connection that ends a server's event stream once it has carried
 * the answer it was opened for, and does not resume a stream already answered.
 *
 * The SDK resumes a stream that ends before its answer (`Last-Event-ID`), but it counts only a
 * result as an answer: after an error answer it resumes the stream anyway, and a server keeps such
 * a resumed stream (and one that replayed its answer) open for the whole session, a connection
 * held per call. Here a stream ends after its answer, and resuming an answered stream is told
 * 405 (the SDK's "no stream here"), without asking the server.
 */
export function answeredStreams(inner: typeof fetch): typeof fetch {
  /** Event ids after which a stream had its answer (a resume of one is refused), oldest first. */
  const answered = new Set<string>();
  const remember = (id: string) => {
    answered.add(id);
    if (answered.size > 1000) answered.delete(answered.values().next().value as string);
  };
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const resumeFrom = new Headers(init?.headers).get("last-event-id");
    if (init?.method === "GET" && resumeFrom && answered.has(resumeFrom)) {
      answered.delete(resumeFrom);
      return new Response(null, { status: 405, statusText: "The stream was answered" });
    }
    const response = await inner(input, init);
    const type = response.headers.get("content-type") ?? "";
    if (!response.body || !type.includes("text/event-stream")) return response;
    return new Response(response.body.pipeThrough(endAfterAnswer(remember)), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }) as typeof fetch;
}

const BOUNDARY = /\r\n\r\n|\n\n|\r\r/;

/** A JSON-RPC answer (a result or an error), not a request or a notification. */
function isAnswer(data: string): boolean {
  if (!data.startsWith("{")) return false;
  try {
    const message = JSON.parse(data) as Record<string, unknown>;
    return "id" in message && !("method" in message) && ("result" in message || "error" in message);
  } catch {
    return false; // the SDK reports what it cannot read
  }
}

/** Passes a stream's events through; after the one that answers, ends it (noting its last id). */
function endAfterAnswer(remember: (eventId: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let pending = "";
  let lastId: string | null = null;
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      pending += decoder.decode(chunk, { stream: true });
      const events = pending.split(BOUNDARY);
      pending = events.pop() ?? "";
      for (const event of events) {
        const data: string[] = [];
        for (const line of event.split(/\r\n|\n|\r/)) {
          const [field, ...rest] = line.split(":");
          const value = rest.join(":").replace(/^ /, "");
          if (field === "id") lastId = value;
          else if (field === "data") data.push(value);
        }
        if (isAnswer(data.join("\n"))) {
          if (lastId) remember(lastId);
          controller.terminate();
          return;
        }
      }
    },
  });
}
