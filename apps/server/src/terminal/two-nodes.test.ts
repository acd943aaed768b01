import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TERMINAL_CLOSE_OTHER_NODE, TERMINAL_ERROR_OTHER_NODE, TERMINAL_WS_PATH } from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTwoNodes, type TestNode, type TwoNodes } from "../cluster/testing/two-nodes";
import type { Database } from "../db/client";
import { liveTerminals, serverNodes } from "../db/schema";
import { cgroupRegistryFile } from "../sandbox/cgroups";
import { sandboxReady } from "../test/sandbox-ready";
import { Term } from "../test/terminal-client";
import { signedInUser } from "../test/test-app";
import { OTHER_NODE_MESSAGE } from "./routes";

const postgresUrl = inject("postgresUrl");

/** A node and the terminal socket's address on it. */
interface ServerNode extends TestNode {
  base: string;
}

/** Two server nodes on one PostgreSQL database and one shared DATA_DIR, each listening on its port. */
describe.skipIf(!sandboxReady || !postgresUrl)("terminals on two nodes of one PostgreSQL", () => {
  let nodes: TwoNodes;
  let dataDir: string;
  let first: Database;
  let a: ServerNode;
  let b: ServerNode;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    nodes = await startTwoNodes(postgresUrl ?? "", {
      // Loop-mounted volumes are one node's: on PostgreSQL `auto` leaves workspaces plain folders.
      WORKSPACE_VOLUMES: "auto",
      TERMINALS_PER_USER: "3",
      TERMINAL_REATTACH_MS: "20000",
    });
    const withBase = (node: TestNode): ServerNode => ({
      ...node,
      base: `${node.origin.replace("http", "ws")}${TERMINAL_WS_PATH}`,
    });
    a = withBase(nodes.a);
    b = withBase(nodes.b);
    first = nodes.a.database;
    dataDir = nodes.dataDir;
    const user = await signedInUser(a.app);
    cookie = user.cookie;
    userId = user.user.id;
  });
  afterAll(() => nodes?.close());

  const open = (node: ServerNode, query = "", as = cookie) =>
    Term.open(`${node.base}${query}`, { cookie: as, origin: node.origin });
  const rowsOf = (user: string) =>
    first.db.select().from(liveTerminals).where(eq(liveTerminals.userId, user));
  const exit = async (term: Term) => {
    term.socket.send(Buffer.from("exit\n"), { binary: true });
    await term.closed;
  };
  /** A terminal on `node` with STICKY_MARK set in its shell, detached (its socket closed). */
  const detachedTerminal = async (node: ServerNode, mark: string) => {
    const term = await open(node);
    const { terminalId } = (await term.frame("ready")) as { terminalId: string };
    await term.run(`export STICKY_MARK=${mark}`);
    term.socket.close();
    await term.closed;
    return terminalId;
  };

  it("sticky: a reattach through the same node gets the same shell, its state kept", async () => {
    const terminalId = await detachedTerminal(a, "kept-$((40+2))");
    const again = await open(a, `?id=${terminalId}`);
    expect(await again.frame("ready")).toMatchObject({ terminalId, reattached: true });
    await again.run('echo "mark:$STICKY_MARK"', "mark:kept-42");
    await exit(again);
    await expect.poll(() => rowsOf(userId)).toEqual([]); // the row goes with the shell
  });

  it("not sticky: a reattach through the other node is told so; no new shell; the terminal stays reattachable on its node", async () => {
    const terminalId = await detachedTerminal(a, "still-$((6*7))");
    const before = await rowsOf(userId);
    expect(before).toEqual([expect.objectContaining({ id: terminalId })]);

    const elsewhere = await open(b, `?id=${terminalId}`);
    expect(await elsewhere.frame("error")).toEqual({
      type: "error",
      code: TERMINAL_ERROR_OTHER_NODE,
      message: OTHER_NODE_MESSAGE,
    });
    expect((await elsewhere.closed).code).toBe(TERMINAL_CLOSE_OTHER_NODE);
    expect(elsewhere.frames.map((f) => f.type)).toEqual(["error"]); // never `ready`: no shell started
    expect(elsewhere.output.length).toBe(0);
    expect(await rowsOf(userId)).toEqual(before); // no terminal anywhere but the original, on its node

    const back = await open(a, `?id=${terminalId}`);
    expect(await back.frame("ready")).toMatchObject({ terminalId, reattached: true });
    await back.run('echo "mark:$STICKY_MARK"', "mark:still-42");
    await exit(back);
  });

  it("another user's terminal id, through either node, opens a terminal of their own and tells nothing", async () => {
    const term = await open(a);
    const { terminalId } = (await term.frame("ready")) as { terminalId: string };
    const other = await signedInUser(b.app);
    for (const node of [b, a]) {
      const stranger = await open(node, `?id=${terminalId}`, other.cookie);
      const ready = await stranger.frame("ready");
      expect(ready).toMatchObject({ reattached: false });
      expect(ready.terminalId).not.toBe(terminalId);
      expect(stranger.frames.some((f) => f.type === "error")).toBe(false);
      await exit(stranger);
    }
    await exit(term);
  });

  it("holds the per-user cap across both nodes, under a burst", async () => {
    const user = await signedInUser(a.app);
    const terms = await Promise.all([a, b, a, b, a, b].map((node) => open(node, "", user.cookie)));
    await Promise.all(
      terms.map((x) => x.until(() => x.frames.some((f) => f.type === "ready" || f.type === "error"))),
    );
    const ready = terms.filter((x) => x.frames.some((f) => f.type === "ready"));
    const refused = terms.filter((x) =>
      x.frames.some((f) => f.type === "error" && f.code === "rate_limited"),
    );
    expect([ready.length, refused.length]).toEqual([3, 3]);
    expect(await rowsOf(user.user.id)).toHaveLength(3);
    await Promise.all(ready.map(exit));
    await Promise.all(terms.map((x) => x.closed));
  });

  it("drops the rows of a node that stopped answering, and never sends a browser to it", async () => {
    await first.db.insert(liveTerminals).values({ id: "of-a-dead-node", userId, nodeId: "node-that-died" });
    const term = await open(b, "?id=of-a-dead-node");
    expect(await term.frame("ready")).toMatchObject({ reattached: false });
    await exit(term);
    // The next heartbeat's sweep (every 2 s) removes it.
    await expect
      .poll(async () => (await rowsOf(userId)).map((r) => r.id), { timeout: 6000, interval: 250 })
      .not.toContain("of-a-dead-node");
  });

  it("a node judged dead and back records its open terminals again: the other node says where they are", async () => {
    const terminalId = await detachedTerminal(a, "back-$((6*7))");
    const [row] = await rowsOf(userId);
    const nodeA = row?.nodeId ?? "";
    // Node A stalled: another node's sweep removed its terminals' rows and it (in this order, so a
    // heartbeat of A's in between finds nothing yet to record again).
    await first.db.delete(liveTerminals).where(eq(liveTerminals.nodeId, nodeA));
    await first.db.delete(serverNodes).where(eq(serverNodes.id, nodeA));
    // A's next heartbeat (every 2 s) finds it was judged dead, and records its shell again.
    await expect
      .poll(async () => (await rowsOf(userId)).map((r) => [r.id, r.nodeId]), { timeout: 6000, interval: 250 })
      .toEqual([[terminalId, nodeA]]);
    const elsewhere = await open(b, `?id=${terminalId}`);
    expect(await elsewhere.frame("error")).toMatchObject({ code: TERMINAL_ERROR_OTHER_NODE });
    const back = await open(a, `?id=${terminalId}`);
    expect(await back.frame("ready")).toMatchObject({ terminalId, reattached: true });
    await back.run('echo "mark:$STICKY_MARK"', "mark:back-42");
    await exit(back);
  });

  it("shares the workspace through DATA_DIR: no loop volumes, one cgroup registry per host", async () => {
    const term = await open(a);
    await term.frame("ready");
    await term.run("echo written-on-a > ~/shared-note.txt");
    await exit(term);
    const read = await b.app.inject({
      method: "GET",
      url: "/api/files/content?path=/home/user/shared-note.txt",
      headers: { cookie },
    });
    expect(read.json()).toMatchObject({ content: "written-on-a\n" });
    const mounts = fs
      .readFileSync("/proc/self/mountinfo", "utf8")
      .split("\n")
      .filter((line) => line.split(" ")[4]?.startsWith(dataDir));
    expect(mounts).toEqual([]);
    expect(fs.existsSync(cgroupRegistryFile(dataDir))).toBe(true);
    expect(path.basename(cgroupRegistryFile(dataDir))).toContain(os.hostname());
    expect(fs.existsSync(path.join(dataDir, "sandbox-cgroups.json"))).toBe(false);
  });
});
