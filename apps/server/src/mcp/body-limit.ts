import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { WRITE_FILE_MAX_CHARS } from "../agent/tools/write-file";

/**
 * The largest argument a tool offered on /mcp advertises (write_file's content, in characters),
 * and what one character may take in a JSON body at worst: a control character is written
 * `\u0001`, six bytes.
 */
export const MCP_LARGEST_ARGUMENT_CHARS = WRITE_FILE_MAX_CHARS;
const WORST_JSON_BYTES_PER_CHAR = 6;
/** The JSON-RPC envelope around it: the method, the tool's name, the path, other arguments. */
const ENVELOPE_BYTES = 64 * 1024;
/** /mcp takes bodies up to this size: any call the tools advertise fits, however it is escaped. */
export const MCP_BODY_LIMIT = MCP_LARGEST_ARGUMENT_CHARS * WORST_JSON_BYTES_PER_CHAR + ENVELOPE_BYTES;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * /mcp's body errors as JSON-RPC errors in words (id null: the request was not read): too large
 * (413, -32600) and not JSON (400, -32700). Anything else goes on to the app's error handler.
 */
export function mcpBodyErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const answer = (status: number, code: number, message: string) =>
    reply.status(status).send({ jsonrpc: "2.0", id: null, error: { code, message } });
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return answer(
      413,
      -32600,
      `The request is larger than /mcp takes (${mib(MCP_BODY_LIMIT)}, ${MCP_BODY_LIMIT} bytes): nothing was run. write_file takes content up to ${MCP_LARGEST_ARGUMENT_CHARS} characters.`,
    );
  if (
    error instanceof SyntaxError ||
    error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
    error.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
  )
    return answer(400, -32700, "Parse error: the body is not JSON");
  throw error;
}
