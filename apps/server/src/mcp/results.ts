import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpOutputItem, McpToolOutput } from "@neuroos/contracts";
import type { ToolResult } from "../agent/tools/types";

function item(content: CallToolResult["content"][number]): McpOutputItem {
  switch (content.type) {
    case "text":
      return { type: "text", text: content.text };
    case "image":
    case "audio":
      return { type: content.type, mimeType: content.mimeType, data: content.data };
    case "resource": {
      const r = content.resource;
      return {
        type: "resource",
        uri: r.uri,
        mimeType: r.mimeType ?? null,
        ...("text" in r && typeof r.text === "string" ? { text: r.text } : {}),
        ...("blob" in r && typeof r.blob === "string" ? { blob: r.blob } : {}),
      };
    }
    case "resource_link":
      return {
        type: "resource_link",
        uri: content.uri,
        name: content.name,
        mimeType: content.mimeType ?? null,
      };
    default:
      return { type: "unknown", kind: String((content as { type: unknown }).type) };
  }
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value), "utf8");

/**
 * An MCP tool result as an agent tool's result: `isError` → ok false; content mapped to JSON;
 * cut to `maxBytes` (whole items first, then the text of the one that does not fit), saying so.
 */
export function toToolResult(result: CallToolResult, maxBytes: number): ToolResult {
  const content = (result.content ?? []).map(item);
  const output: McpToolOutput = { content };
  if (result.structuredContent !== undefined) output.structuredContent = result.structuredContent;
  const total = size(output);
  if (total <= maxBytes) return { ok: result.isError !== true, output };

  const note = `The result was ${total} bytes, over the ${maxBytes}-byte limit: it was cut.`;
  const kept: McpOutputItem[] = [];
  let used = size({ content: [], truncated: note });
  for (const next of content) {
    const cost = size(next) + 1;
    if (used + cost <= maxBytes) {
      kept.push(next);
      used += cost;
      continue;
    }
    if (next.type === "text") {
      const room = maxBytes - used - size({ type: "text", text: "" }) - 1;
      // JSON escapes can grow a character to 6 bytes; cut conservatively, then by measure.
      let text = next.text.slice(0, Math.max(0, Math.floor(room / 6)));
      for (let end = Math.max(0, room); end > text.length; end = Math.floor(end * 0.9)) {
        const candidate = next.text.slice(0, end);
        if (size(candidate) <= room) {
          text = candidate;
          break;
        }
      }
      if (text) kept.push({ type: "text", text });
    }
    break;
  }
  return { ok: result.isError !== true, output: { content: kept, truncated: note } };
}
