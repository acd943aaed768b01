import { describe, expect, it } from "vitest";
import { MAX_RESULT_BYTES } from "./connections";
import { toToolResult } from "./results";

describe("an MCP tool result as an agent tool's result", () => {
  it("maps text, images, resources and links; isError is ok false", () => {
    const result = toToolResult(
      {
        isError: true,
        content: [
          { type: "text", text: "bad" },
          { type: "image", mimeType: "image/png", data: "AAAA" },
          { type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "hi" } },
          { type: "resource_link", uri: "file:///b", name: "b" },
        ],
        structuredContent: { n: 1 },
      },
      MAX_RESULT_BYTES,
    );
    expect(result).toEqual({
      ok: false,
      output: {
        content: [
          { type: "text", text: "bad" },
          { type: "image", mimeType: "image/png", data: "AAAA" },
          { type: "resource", uri: "file:///a.txt", mimeType: "text/plain", text: "hi" },
          { type: "resource_link", uri: "file:///b", name: "b", mimeType: null },
        ],
        structuredContent: { n: 1 },
      },
    });
  });

  it("cuts a result over 1 MB to 1 MB, saying so", () => {
    const huge = 'é"'.repeat(1024 * 1024);
    const result = toToolResult(
      {
        content: [
          { type: "text", text: "first" },
          { type: "text", text: huge },
          { type: "text", text: "last" },
        ],
      },
      MAX_RESULT_BYTES,
    );
    const output = result.output as { content: { text: string }[]; truncated: string };
    expect(Buffer.byteLength(JSON.stringify(output))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(Buffer.byteLength(JSON.stringify(output))).toBeGreaterThan(MAX_RESULT_BYTES * 0.8);
    expect(output.truncated).toMatch(/^The result was \d+ bytes, over the 1048576-byte limit: it was cut\.$/);
    expect(output.content.map((c) => c.text.slice(0, 5))).toEqual(["first", 'é"é"é']);
  });
});
