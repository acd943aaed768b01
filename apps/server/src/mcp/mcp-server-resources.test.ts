import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { signedInUser } from "../test/test-app";
import { RESOURCE_TEMPLATE } from "./server-resources";
import { liveMcpApp, rpcErrorOf, type Who } from "./testing/mcp-app";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]);

describeEachDatabase("/mcp offers the person's files as resources", (db) => {
  const live = liveMcpApp(db);
  let alice: Who;
  let bob: Who;
  beforeAll(async () => {
    alice = await signedInUser(live.app);
    bob = await signedInUser(live.app);
  });

  const put = async (who: Who, path: string, content: string, encoding = "utf8") => {
    const res = await live.app.inject({
      method: "PUT",
      url: "/api/files/content",
      payload: { path, content, encoding },
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const connect = (who: Who) => live.connect(who, "read");

  it("lists 100 a page with a cursor, reads text and bytes, offers a template with path completion", async () => {
    for (let i = 0; i < 101; i += 1)
      await put(alice, `/home/user/many/f${String(i).padStart(3, "0")}.txt`, `file ${i}`);
    await put(alice, "/home/user/notes/plan.md", "# The plan\nquokkas first");
    await put(alice, "/home/user/pics/dot.png", PNG.toString("base64"), "base64");
    const client = await connect(alice);
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true, listChanged: true });

    const first = await client.listResources();
    expect(first.resources).toHaveLength(100);
    expect(first.nextCursor).toBeTypeOf("string");
    const second = await client.listResources({ cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const all = [...first.resources, ...second.resources];
    // The 103 written and the files every workspace starts with, each once.
    expect(all.length).toBeGreaterThanOrEqual(103);
    expect(new Set(all.map((r) => r.uri)).size).toBe(all.length);
    expect(all.find((r) => r.uri === "file:///home/user/notes/plan.md")).toMatchObject({
      name: "notes/plan.md",
      mimeType: "text/markdown",
    });
    expect(await rpcErrorOf(client.listResources({ cursor: "bogus" }))).toMatchObject({ code: -32602 });

    const text = await client.readResource({ uri: "file:///home/user/notes/plan.md" });
    expect(text.contents).toEqual([
      {
        uri: "file:///home/user/notes/plan.md",
        mimeType: "text/markdown",
        text: "# The plan\nquokkas first",
      },
    ]);
    const bytes = await client.readResource({ uri: "file:///home/user/pics/dot.png" });
    expect(bytes.contents[0]).toMatchObject({ mimeType: "image/png", blob: PNG.toString("base64") });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: RESOURCE_TEMPLATE })]);
    const done = await client.complete({
      ref: { type: "ref/resource", uri: RESOURCE_TEMPLATE },
      argument: { name: "path", value: "no" },
    });
    expect(done.completion.values).toEqual(["notes/plan.md"]);
  });

  it("refuses paths outside the workspace, other schemes and other people's files", async () => {
    await put(alice, "/home/user/secret.txt", "alice only");
    const bobs = await connect(bob);
    expect(await rpcErrorOf(bobs.readResource({ uri: "file:///home/user/secret.txt" }))).toMatchObject({
      code: -32002,
    });
    expect((await bobs.listResources()).resources.map((r) => r.uri)).not.toContain(
      "file:///home/user/secret.txt",
    );
    for (const uri of [
      "file:///home/user/../../etc/passwd",
      "file:///home/user/%2e%2e/%2e%2e/etc/passwd",
      "file:///etc/passwd",
      "file://evil.example.com/home/user/secret.txt",
      "https://example.com/home/user/secret.txt",
      "not a uri",
    ])
      expect(await rpcErrorOf(bobs.readResource({ uri })), uri).toMatchObject({ code: -32602 });
    expect(await rpcErrorOf(bobs.readResource({ uri: "file:///home/user/missing.txt" }))).toEqual({
      code: -32002,
      message: "MCP error -32002: Resource not found: file:///home/user/missing.txt",
    });
  });

  it("a subscribed file's change is told on the session's stream; any change lists again", async () => {
    await put(alice, "/home/user/watched.md", "v1");
    const client = await connect(alice);
    const updated: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged += 1;
    });
    await client.subscribeResource({ uri: "file:///home/user/watched.md" });
    // The stream opens after initialize; give it a moment before the first change.
    await new Promise((r) => setTimeout(r, 300));
    await put(alice, "/home/user/other.md", "not watched");
    await put(alice, "/home/user/watched.md", "v2");
    await expect.poll(() => updated, { timeout: 5000 }).toEqual(["file:///home/user/watched.md"]);
    expect(listChanged).toBeGreaterThanOrEqual(2);
    await client.unsubscribeResource({ uri: "file:///home/user/watched.md" });
    await put(alice, "/home/user/watched.md", "v3");
    await new Promise((r) => setTimeout(r, 500));
    expect(updated).toHaveLength(1);
    // Bob's changes are not Alice's news.
    const before = listChanged;
    await put(bob, "/home/user/bobs.md", "x");
    await new Promise((r) => setTimeout(r, 300));
    expect(listChanged).toBe(before);
  });
});
