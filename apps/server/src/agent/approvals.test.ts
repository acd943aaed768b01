import { randomUUID } from "node:crypto";
import type { ServerFrame } from "@neuroos/contracts";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { openCluster } from "../cluster/cluster";
import { NodeRegistry } from "../cluster/nodes";
import { type Database, openPostgres } from "../db/client";
import { approvalRequests, users } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { Approvals, type TokenApprovalSubject } from "./approvals";

const log = pino({ level: "silent" });
const subject: TokenApprovalSubject = {
  accessToken: { id: randomUUID(), name: "Careful IDE" },
  tool: "write_file",
  input: { path: "/home/user/a.txt", content: "model" },
};

interface TestNode {
  approvals: Approvals;
  nodes: NodeRegistry;
  /** The frames this node's bus delivered for the user (its own and the other nodes'). */
  frames: ServerFrame[];
  close(): Promise<void>;
}

/** One server node's questions: its cluster, heartbeat and Approvals, on a database handle. */
async function startNode(database: Database, userId: string): Promise<TestNode> {
  const cluster = await openCluster(database, log);
  const nodes = new NodeRegistry(database.db, cluster.nodeId, log, { alone: database.kind === "pglite" });
  const approvals = new Approvals({ db: database.db, cluster, nodes });
  const frames: ServerFrame[] = [];
  cluster.bus.subscribe(userId, (frame) => frames.push(frame));
  await nodes.start();
  return {
    approvals,
    nodes,
    frames,
    close: async () => {
      await nodes.stop();
      await cluster.close();
    },
  };
}

async function until<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("nothing came");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describeEachDatabase("safe mode's questions, asked on one node and answered on another", (db) => {
  let userId: string;
  let otherId: string;
  let second: Database | null = null;
  /** Asks (a turn or an /mcp call runs here); answers come through `answerer`. */
  let asker: TestNode;
  /** Another node on the same PostgreSQL (on PGlite, alone, the same node). */
  let answerer: TestNode;

  beforeAll(async () => {
    const made = await db()
      .db.insert(users)
      .values(
        ["asker", "other"].map((name) => ({
          email: `${name}-${randomUUID()}@example.com`,
          username: `${name}${randomUUID().slice(0, 8)}`,
          passwordHash: "x",
        })),
      )
      .returning({ id: users.id });
    userId = made[0]?.id ?? "";
    otherId = made[1]?.id ?? "";
    asker = await startNode(db(), userId);
    second = db().kind === "postgres" ? await openPostgres(db().url ?? "") : null;
    answerer = second ? await startNode(second, userId) : asker;
  });
  afterAll(async () => {
    if (answerer !== asker) await answerer.close();
    await asker.close();
    await second?.close();
  });
  beforeEach(() => {
    asker.frames.length = 0;
    answerer.frames.length = 0;
  });

  const question = (frames: ServerFrame[]) =>
    until(() =>
      frames.find(
        (f): f is Extract<ServerFrame, { type: "approval_request" }> => f.type === "approval_request",
      ),
    );
  const statusOf = async (approvalId: string) =>
    (await db().db.select().from(approvalRequests).where(eq(approvalRequests.id, approvalId)))[0];

  it("an answer through another node settles the question where it was asked, once, with the edits", async () => {
    const decided = asker.approvals.request(userId, subject, new AbortController().signal, 60_000);
    const asked = await question(asker.frames);
    // Every node knows what waits (for a browser that connects to it), and nothing else.
    expect(await answerer.approvals.waitingFor(userId)).toEqual([asked]);
    expect(await answerer.approvals.waitingFor(otherId)).toEqual([]);
    // Another person's answer, or an id that names nothing, is refused and changes nothing.
    expect(await answerer.approvals.answer(otherId, asked.approvalId, true)).toBe(false);
    expect(await answerer.approvals.answer(userId, "not-an-id", true)).toBe(false);
    expect(await answerer.approvals.answer(userId, randomUUID(), true)).toBe(false);
    expect((await statusOf(asked.approvalId))?.status).toBe("pending");

    const edits = { content: "edited in the console" };
    expect(await answerer.approvals.answer(userId, asked.approvalId, true, edits)).toBe(true);
    expect(await decided).toEqual({ approved: true, input: edits, reason: "approved" });
    expect(await answerer.approvals.answer(userId, asked.approvalId, false)).toBe(false);
    expect(await statusOf(asked.approvalId)).toMatchObject({ status: "approved", input: edits });
    expect(await answerer.approvals.waitingFor(userId)).toEqual([]);
    // Every browser of the person, on either node, hears it settled.
    const settled = { type: "approval_settled", approvalId: asked.approvalId, reason: "approved" };
    await until(() => answerer.frames.find((f) => f.type === "approval_settled"));
    expect(answerer.frames.filter((f) => f.type === "approval_settled")).toEqual([
      expect.objectContaining(settled),
    ]);
  });

  it("an answer and the time limit at once: exactly one outcome, the same for the asker, the answerer and the row", async () => {
    const seen = new Set<string>();
    for (let round = 0; round < 30; round++) {
      asker.frames.length = 0;
      const decided = asker.approvals.request(userId, subject, new AbortController().signal, 20);
      const asked = await question(asker.frames);
      // The time limit ends 20 ms after the question; the answer comes from 0 to 40 ms after it.
      await new Promise((r) => setTimeout(r, (round * 11) % 41));
      const accepted = await answerer.approvals.answer(userId, asked.approvalId, true);
      const decision = await decided;
      seen.add(decision.reason);
      expect(decision.reason).toBe(accepted ? "approved" : "timeout");
      expect(decision.approved).toBe(accepted);
      expect((await statusOf(asked.approvalId))?.status).toBe(decision.reason);
      const settled = asker.frames.filter((f) => f.type === "approval_settled");
      expect(settled).toEqual([expect.objectContaining({ approved: accepted, reason: decision.reason })]);
    }
    // Both sides of the race were run.
    expect([...seen].sort()).toEqual(["approved", "timeout"]);
  });

  it("Stop withdraws the question; a later answer is refused", async () => {
    const stop = new AbortController();
    const decided = asker.approvals.request(userId, subject, stop.signal, 60_000);
    const asked = await question(asker.frames);
    stop.abort();
    expect(await decided).toEqual({ approved: false, reason: "stopped" });
    expect((await statusOf(asked.approvalId))?.status).toBe("stopped");
    expect(await answerer.approvals.answer(userId, asked.approvalId, true)).toBe(false);
  });

  it("the questions of a node that died fail, and the person's browsers are told", async () => {
    const approvalId = randomUUID();
    const frame = {
      type: "approval_request",
      ...subject,
      approvalId,
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    await db()
      .db.insert(approvalRequests)
      .values({
        id: approvalId,
        userId,
        nodeId: "gone-host-1-dead00",
        frame,
        expiresAt: new Date(Date.now() + 60_000),
      });
    // Not offered to a browser that connects: nobody could take the answer.
    expect(await answerer.approvals.waitingFor(userId)).toEqual([]);
    await answerer.nodes.sweep();
    expect((await statusOf(approvalId))?.status).toBe("failed");
    // This question's frame: the one stopped in the test before may be told to this node late.
    const settled = answerer.frames.find((f) => f.type === "approval_settled" && f.approvalId === approvalId);
    expect(settled).toEqual({
      type: "approval_settled",
      approvalId,
      approved: false,
      reason: "failed",
    });
    expect(await answerer.approvals.answer(userId, approvalId, true)).toBe(false);
  });
});
