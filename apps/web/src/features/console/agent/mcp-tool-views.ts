import type { McpOutputItem } from "@neuroos/contracts";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The items of an MCP tool's result (its output's `content`), or null when the output is not one. */
export function mcpItems(output: unknown): McpOutputItem[] | null {
  if (!isRecord(output) || !Array.isArray(output.content)) return null;
  const items = output.content.filter(
    (item): item is McpOutputItem => isRecord(item) && typeof item.type === "string",
  );
  return items.length === output.content.length ? items : null;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** An image item the card can show: a raster or SVG image as base64 (shown by <img>, never run). */
export function shownImage(item: McpOutputItem): { src: string; mimeType: string } | null {
  if (item.type !== "image" || !/^image\/[\w.+-]+$/.test(item.mimeType) || !BASE64.test(item.data))
    return null;
  return { src: `data:${item.mimeType};base64,${item.data}`, mimeType: item.mimeType };
}

/** A line (or the text) for one item, as the card's output shows it. */
function itemText(item: McpOutputItem): string {
  switch (item.type) {
    case "text":
      return item.text;
    case "image":
      return `[image: ${item.mimeType}]`;
    case "audio":
      return `[audio: ${item.mimeType}]`;
    case "resource": {
      const head = `[resource: ${item.uri}${item.mimeType ? `, ${item.mimeType}` : ""}]`;
      if (item.text !== undefined) return `${head}\n${item.text}`;
      const bytes = item.blob ? Math.floor((item.blob.length * 3) / 4) : 0;
      return `${head} binary, about ${bytes.toLocaleString("en-US")} bytes`;
    }
    case "resource_link":
      return `[link: ${item.name} ${item.uri}]`;
    default:
      return `[${item.kind} content]`;
  }
}

/** An MCP result as the card's text: its items in order, the structured content, the cut notice. */
export function mcpResultText(output: unknown, items: McpOutputItem[]): string {
  const data = isRecord(output) ? output : {};
  const parts = items.map(itemText);
  if (data.structuredContent !== undefined)
    parts.push(`Structured content:\n${JSON.stringify(data.structuredContent, null, 2)}`);
  if (typeof data.truncated === "string") parts.push(`[${data.truncated}]`);
  return parts.join("\n");
}

/** The arguments as the person edited them: a JSON object, or why it is not one. */
export function parseArguments(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value)
      ? { ok: true, value }
      : { ok: false, error: "The arguments must be a JSON object ({ ... })." };
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}
