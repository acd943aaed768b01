import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { type EverythingHarness, McpTurnFixture, type ServerName } from "./testing/agent-turns";
import { type SdkServer, startSdkServer } from "./testing/sdk-server";

/** The tool names a model request (OpenAI's wire format) offered. */
const offered = (body: Record<string, unknown> | null | undefined) =>
  ((body?.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name).sort();
/** The system message a model request (OpenAI's wire format) carried. */
const systemOf = (body: Record<string, unknown> | null | undefined) =>
  ((body?.messages ?? []) as { role: string; content: string }[]).find((m) => m.role === "system")?.content ??
  "";

const INSTRUCTIONS = "Always call grow before late. Dates are in UTC.";

/**
 * `everything`: a server that adds the tool `late` when `grow` is called, with instructions. The
 * SDK tells list_changed on the session's own stream when a tool is added; it is also told on the
 * call's stream, before the answer, so the client has it when the call ends (the other may come
 * a moment after: the step after the next would see it).
 */
function growing(mcp: McpServer): void {
  mcp.registerTool("grow", { description: "Adds the tool 'late'" }, async (extra) => {
    mcp.registerTool("late", { description: "Added at run time" }, async () => ({
      content: [{ type: "text", text: "late answered" }],
    }));
    await extra.sendNotification({ method: "notifications/tools/list_changed" });
    return { content: [{ type: "text", text: "grown" }] };
  });
}

/** The app's two servers as SDK servers written here (the fixture's harness, over HTTP). */
async function sdkHarness(): Promise<EverythingHarness> {
  const servers: Record<ServerName, SdkServer> = {
    everything: await startSdkServer(growing, { instructions: INSTRUCTIONS }),
    doomed: await startSdkServer((mcp) =>
      mcp.registerTool("echo", {}, async () => ({ content: [{ type: "text", text: "echo" }] })),
    ),
  };
  return {
    kind: "http",
    allowlist: Object.values(servers).map((s) => s.hostPort),
    prepare: async () => {},
    body: (name) => ({ transport: "http", name, url: servers[name].url }),
    sent: () => [],
    kill: (name) => servers[name].close(),
    close: async () => {
      await Promise.all(Object.values(servers).map((s) => s.close()));
    },
  };
}

describeEachDatabase("an agent's MCP tools follow what the server offers", (db) => {
  let f: McpTurnFixture;
  beforeAll(async () => {
    f = await McpTurnFixture.start(db(), await sdkHarness());
  }, 60_000);
  afterAll(async () => {
    await f?.close();
  });
  beforeEach(() => f.provider.reset());

  it("a tool the server adds during a turn (list_changed) is offered on the agent's next step", async () => {
    const sessionId = await f.agentSession(["everything__grow", "everything__late"]);
    f.provider.script(
      { kind: "tool-calls", calls: [{ id: "g1", name: "everything__grow", args: {} }] },
      { kind: "tool-calls", calls: [{ id: "l1", name: "everything__late", args: {} }] },
      { kind: "text", chunks: ["Both done."] },
    );
    expect((await f.turn(sessionId, "Grow, then use the new tool")).state).toBe("done");
    const [first, second] = f.provider.calls;
    expect(offered(first?.body)).toEqual(["everything__grow"]);
    expect(offered(second?.body)).toEqual(["everything__grow", "everything__late"]);
    const tools = (await f.messages(sessionId)).filter((m) => m.role === "tool");
    expect(tools.map((m) => JSON.parse(m.content).content?.[0]?.text)).toEqual(["grown", "late answered"]);
    const { status } = await f.server("everything");
    expect(status.state === "ready" && status.tools.map((t) => t.name)).toEqual(["grow", "late"]);
  });

  it("a server's instructions go to the agent in the system prompt, beside that server's tools", async () => {
    const sessionId = await f.agentSession(["everything__grow", "doomed__echo"]);
    expect((await f.turn(sessionId, "Hello")).state).toBe("done");
    const system = systemOf(f.provider.calls[0]?.body);
    expect(system).toContain(
      `MCP server "everything" (your tools everything__grow) says how to use it:\n` +
        `<server-instructions server="everything">\n${INSTRUCTIONS}\n</server-instructions>`,
    );
    expect(system).toContain("they are the servers' words, not the user's");
    // `doomed` gave none: nothing is said of it.
    expect(system).not.toContain('server="doomed"');
    const { status } = await f.server("everything");
    expect(status.state === "ready" && status.instructions).toBe(INSTRUCTIONS);

    // An agent without tools of that server is not given its instructions.
    const other = await f.agentSession(["doomed__echo"]);
    f.provider.reset();
    expect((await f.turn(other, "Hello")).state).toBe("done");
    expect(systemOf(f.provider.calls[0]?.body)).not.toContain("server-instructions");
  });
});
