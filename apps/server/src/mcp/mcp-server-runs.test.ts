import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, expect, it } from "vitest";
import { mcpRunningCalls } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { signedInUser } from "../test/test-app";
import { liveMcpApp, type Who } from "./testing/mcp-app";

describeEachDatabase("/mcp tool runs: logged to the session, stopped by a cancel", (db) => {
  const live = liveMcpApp(db);
  let alice: Who;
  beforeAll(async () => {
    alice = await signedInUser(live.app);
  });
  const connect = () => live.connect(alice, "full");

  it("logging/setLevel: the session's tool runs are told at that level and above, none before it is set", async () => {
    const client = await connect();
    const messages: { level: string; data: Record<string, unknown> }[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      messages.push(n.params as (typeof messages)[number]);
    });
    await client.callTool({ name: "list_files", arguments: { path: "/home/user" } });
    expect(messages).toEqual([]);
    await client.setLoggingLevel("info");
    await client.callTool({ name: "list_files", arguments: { path: "/home/user" } });
    expect(messages.map((m) => [m.level, m.data.event, m.data.tool])).toEqual([
      ["info", "tool_started", "list_files"],
      ["info", "tool_finished", "list_files"],
    ]);
    expect(messages[1]?.data).toMatchObject({ ok: true, ms: expect.any(Number) });
    messages.length = 0;
    await client.setLoggingLevel("error");
    await client.callTool({ name: "list_files", arguments: { path: "/home/user" } });
    await client.callTool({ name: "read_file", arguments: { path: "/home/user/none.txt" } });
    expect(messages.map((m) => [m.level, m.data.event, m.data.tool, m.data.ok])).toEqual([
      ["error", "tool_finished", "read_file", false],
    ]);
    await expect(client.setLoggingLevel("loud" as "info")).rejects.toMatchObject({ code: -32602 });
  });

  it.skipIf(!sandboxReady)(
    "a cancelled run_shell is stopped: its file is never written",
    async () => {
      const client = await connect();
      const controller = new AbortController();
      const call = client
        .callTool({ name: "run_shell", arguments: { command: "sleep 6; echo x > ~/c.txt" } }, undefined, {
          signal: controller.signal,
          timeout: 60_000,
        })
        .catch((error: Error) => error);
      // Running: its claim names this node, where a cancel from any node is sent.
      await expect
        .poll(async () => (await db().db.select().from(mcpRunningCalls)).length, { timeout: 5000 })
        .toBe(1);
      await new Promise((r) => setTimeout(r, 1000));
      controller.abort("changed my mind");
      expect(await call).toBeInstanceOf(Error);
      await expect
        .poll(async () => (await db().db.select().from(mcpRunningCalls)).length, { timeout: 5000 })
        .toBe(0);
      await new Promise((r) => setTimeout(r, 7000));
      const file = await live.app.inject({
        method: "GET",
        url: "/api/files/content?path=/home/user/c.txt",
        headers: { cookie: alice.cookie },
      });
      expect(file.statusCode).toBe(404);
    },
    30_000,
  );
});
