import { ErrorCode, type GetPromptResult, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { McpPromptResult, McpResourceContent } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { type McpConnections, McpUnavailableError } from "./connections";
import { describeBinary, type ResourcePart, readPart } from "./content-text";
import type { McpServers } from "./servers";

/** MCP's "resource not found" (the TypeScript SDK answers InvalidParams instead). */
const RESOURCE_NOT_FOUND = -32002;
/** How long a prompt's arguments are checked against the server's list while it connects. */
const CATALOG_WAIT_MS = 5000;

export interface McpContentsDeps {
  servers: McpServers;
  connections: McpConnections;
  /** A resource, or a filled-in prompt, over this many bytes is refused. */
  maxBytes: number;
}

const bytesText = (n: number) => n.toLocaleString("en-US");

/** The last segment of a URI, as a resource's name when the server's list does not give one. */
const lastSegment = (uri: string) => {
  const segment =
    uri
      .replace(/[/?#]+$/, "")
      .split(/[/?#:]/)
      .pop() ?? "";
  try {
    return decodeURIComponent(segment) || uri;
  } catch {
    return segment || uri;
  }
};

/**
 * What a person's MCP servers hold besides tools: a resource read (`resources/read`) and a
 * prompt filled in (`prompts/get`), size-limited, as text people and models can read.
 */
export class McpContents {
  constructor(private readonly deps: McpContentsDeps) {}

  async readResource(userId: string, serverId: string, uri: string): Promise<McpResourceContent> {
    const { servers, connections, maxBytes } = this.deps;
    const { config } = await servers.get(userId, serverId);
    const timeout = connections.callTimeoutMs;
    const result = await connections
      .use(config, (client) => client.readResource({ uri }, { timeout, maxTotalTimeout: timeout }))
      .catch(refusal(config.name, `The server "${config.name}" has no resource ${uri}`));
    const parts = result.contents.map((part) => readPart(part as ResourcePart));
    const bytes = parts.reduce((n, part) => n + part.bytes, 0);
    if (bytes > maxBytes)
      throw new AppError(
        413,
        "payload_too_large",
        `The resource is ${bytesText(bytes)} bytes; at most ${bytesText(maxBytes)} bytes can be attached`,
      );
    const status = await connections.status(config);
    const listed = status.state === "ready" ? status.resources.find((r) => r.uri === uri) : undefined;
    const texts = parts.flatMap((part) => (part.kind === "text" ? [part.text] : []));
    return {
      serverId: config.id,
      server: config.name,
      uri,
      name: listed?.name ?? lastSegment(uri),
      mimeType: listed?.mimeType ?? result.contents[0]?.mimeType ?? null,
      bytes,
      text: texts.length > 0 ? texts.join("\n\n") : null,
      binaryParts: parts.length - texts.length,
    };
  }

  async getPrompt(
    userId: string,
    serverId: string,
    name: string,
    args: Record<string, string>,
  ): Promise<McpPromptResult> {
    const { servers, connections, maxBytes } = this.deps;
    const { config } = await servers.get(userId, serverId);
    const status = await connections.status(config, CATALOG_WAIT_MS);
    const listed = status.state === "ready" ? status.prompts.find((p) => p.name === name) : undefined;
    // Checked against the server's list when it is ready; otherwise the request says why not.
    if (status.state === "ready") {
      if (!listed)
        throw new AppError(404, "not_found", `The server "${config.name}" has no prompt "${name}"`);
      const fields: Record<string, string> = {};
      for (const arg of listed.arguments)
        if (arg.required && !args[arg.name]?.trim()) fields[`arguments.${arg.name}`] = "Required";
      for (const given of Object.keys(args))
        if (!listed.arguments.some((a) => a.name === given))
          fields[`arguments.${given}`] = `The prompt "${name}" takes no such argument`;
      const first = Object.entries(fields)[0];
      if (first) throw new AppError(400, "validation_failed", `${first[0]}: ${first[1]}`, fields);
    }
    const timeout = connections.callTimeoutMs;
    const result = await connections
      .use(config, (client) =>
        client.getPrompt({ name, arguments: args }, { timeout, maxTotalTimeout: timeout }),
      )
      .catch(refusal(config.name, `The server "${config.name}" has no prompt "${name}"`));
    const messages = result.messages.map((m) => ({ role: m.role, text: contentText(m.content) }));
    const bytes = messages.reduce((n, m) => n + Buffer.byteLength(m.text, "utf8"), 0);
    if (bytes > maxBytes)
      throw new AppError(
        413,
        "payload_too_large",
        `The prompt is ${bytesText(bytes)} bytes; at most ${bytesText(maxBytes)} bytes can be used`,
      );
    return { name, description: result.description ?? listed?.description ?? null, messages };
  }
}

/** One message's content as text: embedded text resources as their text, the rest in words. */
function contentText(content: GetPromptResult["messages"][number]["content"]): string {
  switch (content.type) {
    case "text":
      return content.text;
    case "resource": {
      const read = readPart(content.resource as ResourcePart);
      return read.kind === "text"
        ? read.text
        : describeBinary(content.resource.uri, content.resource.mimeType, read.bytes);
    }
    case "resource_link":
      return `[resource: ${content.name} <${content.uri}>]`;
    default:
      return `[${content.type} (${"mimeType" in content ? content.mimeType : "unknown type"}): not included]`;
  }
}

/** A failed request as the answer to give: the server off or gone, not found, or its own error. */
function refusal(server: string, notFound: string) {
  return (err: unknown): never => {
    if (err instanceof McpUnavailableError) throw new AppError(409, "mcp_unavailable", err.message);
    if (err instanceof McpError) {
      if (err.code === RESOURCE_NOT_FOUND || err.code === ErrorCode.InvalidParams)
        throw new AppError(404, "not_found", `${notFound}: ${err.message}`);
      if (err.code === ErrorCode.RequestTimeout)
        throw new AppError(502, "mcp_server_error", `The MCP server "${server}" did not answer in time`);
      throw new AppError(502, "mcp_server_error", `The MCP server "${server}" answered: ${err.message}`);
    }
    throw new AppError(
      502,
      "mcp_server_error",
      `The MCP server "${server}" failed: ${err instanceof Error ? err.message : String(err)}`,
    );
  };
}
