import { describe, expect, it } from "vitest";
import { agentReducer, editedInput, initialAgentState, resultView, toolInputView } from "./agent-state";
import { mcpItems, parseArguments, shownImage } from "./mcp-tool-views";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe("MCP tools on the console's tool cards", () => {
  it("arguments are shown as JSON the person may edit; edits are parsed, bad JSON is said", () => {
    const view = toolInputView("everything__echo", { message: "hi" });
    expect(view).toEqual({
      field: "arguments",
      text: '{\n  "message": "hi"\n}',
      language: "json",
      summary: "MCP server everything",
    });
    expect(editedInput("everything__echo", { message: "hi" }, '{"message":"edited","n":2}')).toEqual({
      message: "edited",
      n: 2,
    });
    // Unparsable edits never reach the server as such: the card refuses them before sending.
    expect(parseArguments("{nope")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Not valid JSON/),
    });
    expect(parseArguments("[1]")).toEqual({
      ok: false,
      error: "The arguments must be a JSON object ({ ... }).",
    });
    expect(parseArguments('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    // A built-in tool without an editable field stays as it was.
    expect(toolInputView("read_file", { path: "a.txt" }).field).toBeNull();
  });

  it("results: text, images, embedded resources, links and the cut notice as text; errors and Stop as the summary", () => {
    const output = {
      content: [
        { type: "text", text: "Here it is:" },
        { type: "image", mimeType: "image/png", data: PNG },
        { type: "resource", uri: "demo://resource/1", mimeType: "text/plain", text: "Resource one" },
        { type: "resource", uri: "demo://blob/2", mimeType: "application/gzip", blob: "AAAA" },
        { type: "resource_link", uri: "demo://resource/3", name: "three", mimeType: null },
      ],
      structuredContent: { temperature: 21 },
      truncated: "The result was 2000 bytes, over the 200-byte limit: it was cut.",
    };
    expect(resultView({ ok: true, output })).toEqual({
      summary: "Succeeded",
      text: [
        "Here it is:",
        "[image: image/png]",
        "[resource: demo://resource/1, text/plain]\nResource one",
        "[resource: demo://blob/2, application/gzip] binary, about 3 bytes",
        "[link: three demo://resource/3]",
        'Structured content:\n{\n  "temperature": 21\n}',
        "[The result was 2000 bytes, over the 200-byte limit: it was cut.]",
      ].join("\n"),
    });
    expect(resultView({ ok: false, output: { content: [{ type: "text", text: "bad input" }] } })).toEqual({
      summary: "Failed",
      text: "bad input",
    });
    expect(resultView({ ok: false, output: { error: 'The MCP server "x" failed: gone' } }).summary).toBe(
      'Failed: The MCP server "x" failed: gone',
    );
    expect(
      resultView({ ok: false, output: { error: "Stopped: the call was cancelled", stopped: true } }).summary,
    ).toBe("Stopped: the call was cancelled");
  });

  it("only base64 images with an image type are shown as images", () => {
    const [image] = mcpItems({ content: [{ type: "image", mimeType: "image/png", data: PNG }] }) ?? [];
    expect(image && shownImage(image)).toEqual({
      src: `data:image/png;base64,${PNG}`,
      mimeType: "image/png",
    });
    expect(shownImage({ type: "image", mimeType: "text/html", data: PNG })).toBeNull();
    expect(shownImage({ type: "image", mimeType: "image/png", data: "<script>" })).toBeNull();
    expect(mcpItems({ content: [{ nope: 1 }] })).toBeNull();
    expect(mcpItems({ stdout: "" })).toBeNull();
  });

  it("progress streams into the live card as the call's output, before its result", () => {
    const frame = { sessionId: "s", messageId: "m", toolCallId: "c" };
    let state = agentReducer(initialAgentState, {
      type: "frame",
      frame: { type: "tool_call", ...frame, tool: "everything__trigger-long-running-operation", input: {} },
    });
    for (const data of ["1/3\n", "2/3\n"])
      state = agentReducer(state, {
        type: "frame",
        frame: { type: "tool_output", ...frame, stream: "stdout", data },
      });
    const call = Object.values(state.calls)[0];
    expect(call).toMatchObject({ output: "1/3\n2/3\n", result: null });
  });
});
