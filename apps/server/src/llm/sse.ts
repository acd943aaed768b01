import type { ServerResponse } from "node:http";
import { STREAM_DONE } from "@neuroos/contracts";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/errors";
import { LlmError } from "./errors";
import type { LlmEvent } from "./types";

/** Writes, waiting for the socket to drain when it is full (or for the client to leave). */
export function writeDrained(res: ServerResponse, chunk: string): Promise<void> | undefined {
  if (res.write(chunk)) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/** One Server-Sent Events message of `data`, as JSON. */
export const sseLine = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/**
 * Starts a `text/event-stream` answer once `events` has its first event (a failure before it
 * throws, answered as JSON by the error handler); null when the client left meanwhile (the
 * events are ended and the socket closed).
 */
export async function openEventStream<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  events: AsyncIterable<T>,
  signal: AbortSignal,
): Promise<{ res: ServerResponse; iterator: AsyncIterator<T>; first: IteratorResult<T> } | null> {
  const iterator = events[Symbol.asyncIterator]();
  const first = await iterator.next();
  reply.hijack();
  const res = reply.raw;
  if (signal.aborted || res.destroyed) {
    res.destroy();
    await iterator.return?.();
    return null;
  }
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
    "x-request-id": request.id,
  });
  return { res, iterator, first };
}

/**
 * Sends model events as `text/event-stream`: `data: {"content":"..."}` per chunk (an AI
 * action then `data: {"result":{...}}`), then `data: [DONE]`. A failure before the first event is an ordinary JSON error with its status;
 * a failure after it is `data: {"error":{...}}` and the end of the stream.
 */
export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  events: AsyncIterable<LlmEvent | { type: "result"; result: unknown; meta?: unknown }>,
  signal: AbortSignal,
): Promise<void> {
  const opened = await openEventStream(request, reply, events, signal);
  if (!opened) return;
  const { res, iterator, first } = opened;
  try {
    for (let r = first; !r.done; r = await iterator.next()) {
      const event = r.value;
      // Text as it comes; an AI action's checked result last.
      if (event.type !== "text" && event.type !== "result") continue;
      const pending = writeDrained(
        res,
        sseLine(
          event.type === "text"
            ? { content: event.text }
            : { result: event.result, meta: event.meta ?? null },
        ),
      );
      if (pending) await pending;
      if (signal.aborted) return;
    }
    if (!signal.aborted) res.write(`data: ${STREAM_DONE}\n\n`);
  } catch (err) {
    if (signal.aborted) return;
    const error =
      err instanceof AppError
        ? err
        : new LlmError(502, "llm_provider_down", "The model stream failed unexpectedly");
    if (!(err instanceof AppError)) request.log.error({ err }, "stream failed");
    const retryAfter = err instanceof LlmError ? err.retryAfter : undefined;
    res.write(
      sseLine({ error: { code: error.code, message: error.message, ...(retryAfter ? { retryAfter } : {}) } }),
    );
  } finally {
    res.end();
    await iterator.return?.();
  }
}
