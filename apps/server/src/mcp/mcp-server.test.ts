import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { signedInUser } from "../test/test-app";
import { liveMcpApp, type Who } from "./testing/mcp-app";

type Text = { type: string; text: string }[];

describeEachDatabase("NeuroOS as an MCP server (/mcp)", (db) => {
  const mcp = liveMcpApp(db);
  let alice: Who;
  let bob: Who;
  beforeAll(async () => {
    alice = await signedInUser(mcp.app);
    bob = await signedInUser(mcp.app);
  });

  const api = (method: string, url: string, who: Who, payload?: unknown) =>
    mcp.app.inject({
      method: method as "GET",
      url,
      payload: payload as object,
      headers: { cookie: who.cookie },
    });
  const { tokenFor } = mcp;
  const connect = (token: string) => mcp.connect(token);
  const textOf = (result: unknown) => ((result as { content: Text }).content[0]?.text ?? "") as string;

  it("tokens: shown once, listed by name and prefix only, stored hashed; bad bodies 400", async () => {
    const made = await tokenFor(alice, "read", "Laptop IDE");
    expect(made.token).toMatch(/^nos_[\w-]{40,}$/);
    const list = (await api("GET", "/api/access-tokens", alice)).json();
    expect(list.find((x: { id: string }) => x.id === made.id)).toMatchObject({
      name: "Laptop IDE",
      scope: "read",
    });
    expect(JSON.stringify(list)).not.toContain(made.token);
    expect((await api("GET", "/api/access-tokens", bob)).json()).toEqual([]);
    for (const bad of [
      { name: "", scope: "read" },
      { name: "x", scope: "admin" },
      { name: "a\u0000b", scope: "read" },
      {},
    ])
      expect((await api("POST", "/api/access-tokens", alice, bad)).statusCode).toBe(400);
    expect((await api("DELETE", `/api/access-tokens/${made.id}`, bob)).statusCode).toBe(404);
    expect((await api("DELETE", "/api/access-tokens/not-a-uuid", alice)).statusCode).toBe(404);
  });

  it("initialize, list the tools (read-only ones marked), call each; scopes hold; another person's files are out of reach", async () => {
    const full = await connect((await tokenFor(alice, "full")).token);
    expect(full.getServerVersion()?.name).toBe("NeuroOS");
    const { tools } = await full.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(
      ["list_files", "read_file", "run_code", "run_shell", "search_files", "write_file"].sort(),
    );
    expect(tools.find((x) => x.name === "read_file")?.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((x) => x.name === "write_file")?.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((x) => x.name === "write_file")?.inputSchema.properties).toHaveProperty("content");

    const wrote = await full.callTool({
      name: "write_file",
      arguments: { path: "/home/user/notes/mcp.md", content: "Written through MCP: the quokka smiles." },
    });
    expect(wrote.isError).toBe(false);
    const read = await full.callTool({ name: "read_file", arguments: { path: "/home/user/notes/mcp.md" } });
    expect(textOf(read)).toContain("the quokka smiles");
    const listed = await full.callTool({ name: "list_files", arguments: { path: "/home/user/notes" } });
    expect(textOf(listed)).toContain("/home/user/notes/mcp.md");
    const found = await full.callTool({ name: "search_files", arguments: { query: "quokka smiles" } });
    expect(found.isError).toBe(false);
    expect(textOf(found)).toContain("mcp.md");
    if (sandboxReady) {
      const ran = await full.callTool({
        name: "run_code",
        arguments: { language: "python", code: "print(6*7)" },
      });
      expect(textOf(ran)).toContain("42");
      const shell = await full.callTool({ name: "run_shell", arguments: { command: "cat notes/mcp.md" } });
      expect(textOf(shell)).toContain("quokka");
    }
    const bad = await full.callTool({ name: "read_file", arguments: { path: 7 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/Invalid arguments/);
    const outside = await full.callTool({
      name: "read_file",
      arguments: { path: "/home/user/../../etc/passwd" },
    });
    expect(outside.isError).toBe(true);

    // Every call is in the person's execution log with the token's name, refused ones too.
    const logs = async () =>
      (await api("GET", "/api/logs?limit=50", alice)).json() as {
        type: string;
        command: string;
        result: string;
        status: string;
        metadata: Record<string, unknown>;
      }[];
    const byFull = { via: "mcp", token: "full token" };
    const written = await logs();
    expect(written.find((l) => l.command.startsWith("write_file"))?.metadata).toMatchObject(byFull);
    expect(written.find((l) => l.result.startsWith("Invalid arguments"))).toMatchObject({
      command: 'read_file {\n  "path": 7\n}',
      status: "error",
      metadata: byFull,
    });
    if (sandboxReady)
      for (const type of ["code_execution", "system_command"])
        expect(written.find((l) => l.type === type)?.metadata).toMatchObject(byFull);

    // A read-only token: only the tools that change nothing, and writes refused.
    const reader = await connect((await tokenFor(alice, "read")).token);
    expect((await reader.listTools()).tools.map((x) => x.name).sort()).toEqual([
      "list_files",
      "read_file",
      "search_files",
    ]);
    // Not listed for this token: a protocol error (-32602), its message said once.
    await expect(
      reader.callTool({ name: "write_file", arguments: { path: "/home/user/x.txt", content: "x" } }),
    ).rejects.toThrow(
      /^MCP error -32602: This token is read-only: write_file needs a token with full access$/,
    );
    expect((await logs())[0]).toMatchObject({
      command: expect.stringMatching(/^write_file /),
      result: "This token is read-only: write_file needs a token with full access",
      metadata: { via: "mcp", token: "read token" },
    });
    const notWritten = await reader.callTool({ name: "read_file", arguments: { path: "/home/user/x.txt" } });
    expect(notWritten.isError).toBe(true);

    // Bob's token sees Bob's workspace only.
    const bobs = await connect((await tokenFor(bob, "full")).token);
    const bobRead = await bobs.callTool({
      name: "read_file",
      arguments: { path: "/home/user/notes/mcp.md" },
    });
    expect(bobRead.isError).toBe(true);
    const bobList = await bobs.callTool({ name: "list_files", arguments: { path: "/home/user/notes" } });
    expect(textOf(bobList)).not.toContain("mcp.md");
  });

  it("no token, a wrong token or a revoked one is refused at once (401)", async () => {
    const post = (authorization?: string) =>
      fetch(`${mcp.origin}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    expect((await post()).status).toBe(401);
    expect((await post("Bearer nos_not-a-real-token")).status).toBe(401);
    const made = await tokenFor(alice, "full");
    const client = await connect(made.token);
    await client.listTools();
    expect((await api("DELETE", `/api/access-tokens/${made.id}`, alice)).statusCode).toBe(204);
    expect((await post(`Bearer ${made.token}`)).status).toBe(401);
    await expect(client.listTools()).rejects.toThrow();
    // A stream of notifications belongs to a token's session: 401 without one, 405 without a session.
    expect((await fetch(`${mcp.origin}/mcp`)).status).toBe(401);
    const live = await tokenFor(alice, "read");
    const get = await fetch(`${mcp.origin}/mcp`, { headers: { authorization: `Bearer ${live.token}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});
