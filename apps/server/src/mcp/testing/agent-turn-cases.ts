import { beforeEach, expect, it } from "vitest";
import type { Flavor } from "../../llm/testing/wire-formats";
import type { Frame, McpTurnFixture, StoredMessage } from "./agent-turns";
import type { SentMessage } from "./recording-proxy";

const MODELS: Record<Flavor, string> = {
  openai: "gpt-4",
  anthropic: "claude-sonnet-4-5",
  huggingface: "meta-llama/Llama-3.1-8B-Instruct",
  ollama: "llama3.1",
};

/** The tools a model request offered, by name, with their input schemas (each flavor's wire shape). */
function offered(body: Record<string, unknown> | null): Record<string, unknown> {
  const tools = (body?.tools ?? []) as Record<string, unknown>[];
  return Object.fromEntries(
    tools.map((t) => {
      const fn = t.function as { name: string; parameters: unknown } | undefined;
      return fn ? [fn.name, fn.parameters] : [t.name as string, t.input_schema];
    }),
  );
}

const output = (message: StoredMessage | undefined) =>
  JSON.parse(message?.content ?? "null") as { content?: Frame[]; error?: string; stopped?: boolean };
const toolMessages = async (f: McpTurnFixture, sessionId: string) =>
  (await f.messages(sessionId)).filter((m) => m.role === "tool");

/** The id of the tools/call the client sent for these arguments, and whether it was then cancelled. */
async function cancelled(f: McpTurnFixture, args: Record<string, unknown>): Promise<boolean> {
  const sent = () => f.harness.sent("everything");
  const call = sent().find(
    (m: SentMessage) =>
      m.method === "tools/call" && JSON.stringify(m.params?.arguments) === JSON.stringify(args),
  );
  if (!call) throw new Error(`no tools/call with ${JSON.stringify(args)}`);
  const seen = () =>
    sent().some((m) => m.method === "notifications/cancelled" && m.params?.requestId === call.id);
  for (let i = 0; i < 50 && !seen(); i += 1) await new Promise((r) => setTimeout(r, 100));
  return seen();
}

/**
 * Agent turns that use the reference MCP server's tools, the same whichever way it is reached
 * (the suites run them over HTTP and as a local server in the sandbox).
 */
export function mcpAgentTurnCases(fixture: () => McpTurnFixture): void {
  let f: McpTurnFixture;
  beforeEach(() => {
    f = fixture();
    f.provider.reset();
  });

  for (const flavor of ["openai", "anthropic", "huggingface", "ollama"] as const)
    it(`offers the agent's selected tools with the server's schemas; a call's result goes back to the model (${flavor})`, async () => {
      const sessionId = await f.agentSession(["everything__echo", "everything__get-sum", "list_files"], {
        provider: flavor,
        model: MODELS[flavor],
      });
      f.provider.script(
        { kind: "tool-calls", calls: [{ id: "e1", name: "everything__echo", args: { message: "hi MCP" } }] },
        { kind: "text", chunks: ["It said hi."] },
      );
      expect((await f.turn(sessionId, "Echo hi")).state).toBe("done");
      const { status } = await f.server("everything");
      if (status.state !== "ready") throw new Error(JSON.stringify(status));
      const { $schema: _, ...echoSchema } = status.tools.find((t) => t.name === "echo")?.inputSchema ?? {};
      const tools = offered(f.provider.calls[0]?.body ?? null);
      expect(Object.keys(tools).sort()).toEqual(["everything__echo", "everything__get-sum", "list_files"]);
      expect(tools.everything__echo).toEqual(echoSchema);
      expect(JSON.stringify(f.provider.calls[1]?.body)).toContain("Echo: hi MCP");
      const [tool] = await toolMessages(f, sessionId);
      expect(tool?.metadata).toMatchObject({ toolName: "everything__echo", isError: false });
      expect(output(tool).content).toEqual([{ type: "text", text: "Echo: hi MCP" }]);
      expect(await f.live.next((x) => x.type === "tool_result")).toMatchObject({
        sessionId,
        tool: "everything__echo",
        ok: true,
        output: { content: [{ type: "text", text: "Echo: hi MCP" }] },
      });
      const [logged] = await f.mcpLog();
      expect(logged).toMatchObject({
        command: 'everything__echo {"message":"hi MCP"}',
        status: "success",
        result: "Echo: hi MCP",
        metadata: {
          mcpServer: "everything",
          tool: "echo",
          transport: f.harness.kind,
          executionTime: expect.any(Number),
        },
      });
    });

  it("an image, an embedded resource and an error result are tool results the model reads", async () => {
    const sessionId = await f.agentSession([
      "everything__get-tiny-image",
      "everything__get-resource-reference",
      "everything__get-sum",
    ]);
    f.provider.script(
      {
        kind: "tool-calls",
        calls: [
          { id: "i1", name: "everything__get-tiny-image", args: {} },
          {
            id: "r1",
            name: "everything__get-resource-reference",
            args: { resourceType: "Text", resourceId: 2 },
          },
          { id: "s1", name: "everything__get-sum", args: { a: "two", b: 40 } },
        ],
      },
      { kind: "text", chunks: ["Seen."] },
    );
    expect((await f.turn(sessionId, "Show me")).state).toBe("done");
    const [image, resource, sum] = await toolMessages(f, sessionId);
    expect(output(image).content).toContainEqual({
      type: "image",
      mimeType: "image/png",
      data: expect.any(String),
    });
    expect(output(resource).content).toContainEqual(
      expect.objectContaining({
        type: "resource",
        uri: expect.stringMatching(/2$/),
        text: expect.any(String),
      }),
    );
    expect(sum?.metadata.isError).toBe(true);
    expect(sum?.content).toMatch(/invalid|expected number/i);
    const followUp = JSON.stringify(f.provider.calls[1]?.body);
    expect(followUp).toContain("image/png");
    expect(followUp).toContain("Returning resource reference for Resource 2");
    expect((await f.mcpLog())[0]).toMatchObject({
      command: expect.stringMatching(/^everything__get-sum /),
      status: "error",
    });
  });

  it("a long-running tool's progress streams to the run; Stop cancels the call and the server is told", async () => {
    const sessionId = await f.agentSession(["everything__trigger-long-running-operation"]);
    const long = "everything__trigger-long-running-operation";
    f.provider.script(
      { kind: "tool-calls", calls: [{ id: "p1", name: long, args: { duration: 0.9, steps: 3 } }] },
      { kind: "text", chunks: ["Finished."] },
      { kind: "tool-calls", calls: [{ id: "p2", name: long, args: { duration: 30, steps: 30 } }] },
    );
    expect((await f.turn(sessionId, "Run the short one")).state).toBe("done");
    const progress = f.live.frames.filter((x) => x.type === "tool_output" && x.toolCallId === "p1");
    // The last one can be lost: the SDK handles a progress notification a tick later than the
    // result, and drops one that arrives with it.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.map((x) => x.data)).toEqual(["1/3\n", "2/3\n", "3/3\n"].slice(0, progress.length));
    expect(output((await toolMessages(f, sessionId))[0]).content?.[0]?.text).toMatch(
      /^Long running operation completed/,
    );

    const started = Date.now();
    const end = await f.turn(sessionId, "Run the long one", async () => {
      await f.live.next((x) => x.type === "tool_output" && x.toolCallId === "p2", 15_000);
      f.live.send({ type: "chat_stop", sessionId });
    });
    expect(end.state).toBe("stopped");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await f.live.next((x) => x.type === "tool_result" && x.toolCallId === "p2")).output).toEqual({
      error: "Stopped: the call was cancelled",
      stopped: true,
    });
    expect(await cancelled(f, { duration: 30, steps: 30 })).toBe(true);
    expect((await f.mcpLog())[0]).toMatchObject({ status: "warning", metadata: { stopped: true } });
  }, 40_000);

  it("a tool slower than MCP_CALL_TIMEOUT_MS is cut and cancelled; the turn goes on", async () => {
    const sessionId = await f.agentSession(["everything__trigger-long-running-operation"]);
    f.provider.script(
      {
        kind: "tool-calls",
        calls: [
          { id: "t1", name: "everything__trigger-long-running-operation", args: { duration: 20, steps: 20 } },
        ],
      },
      { kind: "text", chunks: ["Too slow."] },
    );
    const started = Date.now();
    expect((await f.turn(sessionId, "Run it")).state).toBe("done");
    expect(Date.now() - started).toBeLessThan(15_000);
    const [tool] = await toolMessages(f, sessionId);
    expect(output(tool).error).toBe(
      'The tool "trigger-long-running-operation" did not finish within 3 s: cancelled',
    );
    expect(await cancelled(f, { duration: 20, steps: 20 })).toBe(true);
    expect((await f.messages(sessionId)).at(-1)?.content).toBe("Too slow.");
  }, 30_000);

  it("safe mode: a read-only tool runs at once; another waits, is approved with edited arguments (which replace the model's) and runs as edited", async () => {
    const sessionId = await f.agentSession(["everything__echo", "everything__gzip-file-as-resource"], {
      safeMode: true,
    });
    const asked = {
      name: "model.txt.gz",
      data: `data:text/plain;base64,${Buffer.from("squeeze me").toString("base64")}`,
      outputType: "resource",
    };
    // Renamed, and outputType taken out: the server's default (a link) applies, not the model's.
    const edited = { name: "edited.txt.gz", data: asked.data };
    f.provider.script(
      {
        kind: "tool-calls",
        calls: [
          { id: "a1", name: "everything__echo", args: { message: "no question" } },
          { id: "a2", name: "everything__gzip-file-as-resource", args: asked },
        ],
      },
      { kind: "text", chunks: ["Compressed."] },
    );
    const end = await f.turn(sessionId, "Compress it", async () => {
      const question = await f.live.next(
        (x) => x.type === "approval_request" && x.sessionId === sessionId,
        15_000,
      );
      expect(question).toMatchObject({
        toolCallId: "a2",
        tool: "everything__gzip-file-as-resource",
        input: asked,
      });
      expect(f.live.frames.some((x) => x.type === "tool_result" && x.toolCallId === "a1" && x.ok)).toBe(true);
      f.live.send({
        type: "approval_response",
        approvalId: question.approvalId,
        approved: true,
        input: edited,
      });
    });
    expect(end.state).toBe("done");
    expect(
      f.live.frames.filter((x) => x.type === "approval_request" && x.sessionId === sessionId),
    ).toHaveLength(1);
    const [, gzip] = await toolMessages(f, sessionId);
    expect(gzip?.metadata).toMatchObject({
      input: edited,
      approval: { approved: true, reason: "approved", edited: true },
    });
    expect(output(gzip).content).toEqual([
      expect.objectContaining({ type: "resource_link", uri: "demo://resource/session/edited.txt.gz" }),
    ]);
  }, 30_000);

  it("a server that crashes mid-call is reported in the run and its status; next turn its tools are told unavailable", async () => {
    const selected = ["doomed__trigger-long-running-operation", "doomed__echo", "gone__echo"];
    const sessionId = await f.agentSession(selected);
    f.provider.script(
      {
        kind: "tool-calls",
        calls: [
          { id: "k1", name: "doomed__trigger-long-running-operation", args: { duration: 30, steps: 30 } },
        ],
      },
      { kind: "text", chunks: ["It crashed."] },
      { kind: "text", chunks: ["Still down."] },
    );
    const end = await f.turn(sessionId, "Run it", async () => {
      await f.live.next((x) => x.type === "tool_output" && x.toolCallId === "k1", 15_000);
      await f.harness.kill("doomed");
    });
    expect(end.state).toBe("done");
    const [tool] = await toolMessages(f, sessionId);
    expect(tool?.metadata.isError).toBe(true);
    expect(output(tool).error).toMatch(/^The MCP server "doomed" failed: .+/);
    expect((await f.server("doomed")).status.state).toBe("failed");
    expect((await f.mcpLog())[0]).toMatchObject({ status: "error", metadata: { mcpServer: "doomed" } });

    expect((await f.turn(sessionId, "Again")).state).toBe("done");
    const notices = (await f.messages(sessionId)).filter((m) => m.role === "system").map((m) => m.content);
    const gone =
      'Not available in this run: gone__echo (MCP server "gone": you have no MCP server of that name (removed or renamed)).';
    const doomed =
      /^Not available in this run: doomed__trigger-long-running-operation, doomed__echo \(MCP server "doomed": .+\)\.$/;
    expect(notices).toHaveLength(3);
    expect(notices[0]).toBe(gone);
    expect(notices.slice(1)).toEqual(expect.arrayContaining([gone, expect.stringMatching(doomed)]));
    expect(JSON.stringify(f.provider.calls.at(-1)?.body)).toContain('MCP server \\"doomed\\"');
    expect(offered(f.provider.calls.at(-1)?.body ?? null)).toEqual({});
  }, 40_000);
}
