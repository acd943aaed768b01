import { failureMessage, HttpError, throwIfNotOk } from "./api";

/** One streamed chunk of the gateway's `text/event-stream` answers. */
export interface StreamChunk {
  content?: string;
  error?: { code?: string; message?: string };
  [key: string]: unknown;
}

export interface StreamHandlers {
  onChunk(chunk: StreamChunk): void;
  onComplete?(): void;
  onError?(error: Error): void;
}

/**
 * POSTs `body` as JSON and reads the answer's `data: ...` lines until `data: [DONE]` (product
 * spec sections 4 and 8). Unparseable lines are logged and skipped; an `error` chunk, a
 * non-OK status (the server's own message, else 'HTTP error! status: N'), a missing body
 * ('No response body'), a cut connection or an abort end the stream through `onError`, with
 * the server's error code when it gave one. Resolves when the stream ends.
 */
export async function readEventStream(
  url: string,
  body: unknown,
  handlers: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const fail = (error: unknown) =>
    handlers.onError?.(
      error instanceof HttpError
        ? Object.assign(new Error(failureMessage(error)), { code: error.code, status: error.status })
        : error instanceof Error
          ? error
          : new Error(String(error)),
    );
  try {
    const response = await fetch(url, {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal,
    });
    await throwIfNotOk(response);
    if (!response.body) throw new Error("No response body");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("The stream ended before it was complete");
      buffer += value;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("data: ")) continue;
        const data = line.slice(6).trim();
        if (data === "[DONE]") {
          await reader.cancel().catch(() => {});
          handlers.onComplete?.();
          return;
        }
        let chunk: StreamChunk;
        try {
          chunk = JSON.parse(data);
        } catch (err) {
          console.error("Failed to parse stream line", data, err);
          continue;
        }
        if (chunk.error) {
          await reader.cancel().catch(() => {});
          return fail(
            Object.assign(new Error(chunk.error.message ?? "The stream failed"), { code: chunk.error.code }),
          );
        }
        handlers.onChunk(chunk);
      }
    }
  } catch (err) {
    fail(err);
  }
}
