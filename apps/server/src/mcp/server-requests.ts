import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

type Handler = Parameters<Protocol<never, never, never>["setRequestHandler"]>[1];
export type RequestExtra = Parameters<Handler>[1];

/** A zod error in one short line: each field and what is wrong with it, never the raw dump. */
export const issuesOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`)
    .join("; ");

/**
 * A JSON-RPC error as the client reads it: its code and its message alone (the SDK's `McpError`
 * puts "MCP error -32602:" in its message, which the client then says twice).
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON-RPC "invalid params" error (-32602), in words. */
export const invalidParams = (message: string) => new ProtocolError(ErrorCode.InvalidParams, message);

/**
 * Answers `method` with `handler`, its params checked by `params` first: a request that does not
 * fit is a -32602 error naming the fields in a line. (The SDK's own check answers its tools/call
 * with a dump of the validator's output, and others with -32603: this one replaces it.)
 */
export function onRequest<P>(
  server: Protocol<never, never, never>,
  method: string,
  params: z.ZodType<P>,
  handler: (params: P, extra: RequestExtra) => Promise<Record<string, unknown>>,
): void {
  const request = z.object({ method: z.literal(method), params: z.unknown().optional() });
  Protocol.prototype.setRequestHandler.call(
    server,
    request as never,
    (async (message: { params?: unknown }, extra: RequestExtra) => {
      const parsed = params.safeParse(message.params ?? {});
      if (!parsed.success) throw invalidParams(`Invalid ${method} parameters: ${issuesOf(parsed.error)}`);
      return handler(parsed.data, extra);
    }) as never,
  );
}

/** The params of a list request: a cursor, when the client follows one. */
export const listParams = z.object({ cursor: z.string().optional() }).loose();

/** Pages of a listing: the cursor is the next item's position, in base64url; anything else is -32602. */
export function page<T>(items: T[], cursor: string | undefined, size: number) {
  let start = 0;
  if (cursor !== undefined) {
    const decoded = Buffer.from(cursor, "base64url").toString();
    start = /^[1-9]\d{0,8}$/.test(decoded) ? Number(decoded) : -1;
    if (start < 1 || start > items.length || Buffer.from(decoded).toString("base64url") !== cursor)
      throw invalidParams(`Unknown cursor: ${cursor.slice(0, 80)}`);
  }
  const end = start + size;
  return {
    items: items.slice(start, end),
    nextCursor: end < items.length ? Buffer.from(String(end)).toString("base64url") : undefined,
  };
}
