import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { approvalRequests, chatTurns } from "../db/schema";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser } from "../test/test-app";
import { NODE_LOST_TEXT } from "./replies";

type Frame = Record<string, unknown>;

describeEachDatabase("turns left running by a server process that ended", (db) => {
  let provider: ProviderTestServer;
  beforeAll(async () => {
    provider = await ProviderTestServer.start();
  });
  afterAll(() => provider.close());

  it("are failed when the next process starts: the reply stored as failed, the question failed, the session free", async () => {
    const before = await buildTestApp(db(), providerEnv(provider));
    const who = await signedInUser(before.app);
    await before.app.inject({
      method: "PUT",
      url: "/api/settings",
      payload: { defaultProvider: "openai" },
      headers: { cookie: who.cookie },
    });
    const [agent] = (await before.app.inject({ url: "/api/agents", headers: { cookie: who.cookie } })).json();
    const session = await before.app.inject({
      method: "POST",
      url: "/api/sessions",
      payload: { agentId: agent.id },
      headers: { cookie: who.cookie },
    });
    const sessionId = session.json().id as string;
    await before.app.close();
    // What a process killed mid-turn leaves behind: its turn and its question, under its node id.
    const gone = "old-host-4242-0badc0";
    const approvalId = randomUUID();
    const expiresAt = new Date(Date.now() + 5 * 60_000);
    const frame = {
      type: "approval_request",
      sessionId,
      messageId: randomUUID(),
      toolCallId: "w1",
      tool: "write_file",
      input: { path: "/home/user/a.txt", content: "a" },
      approvalId,
      expiresAt: expiresAt.toISOString(),
    };
    await db().db.insert(chatTurns).values({ sessionId, userId: who.user.id, nodeId: gone, agent: true });
    await db()
      .db.insert(approvalRequests)
      .values({ id: approvalId, userId: who.user.id, nodeId: gone, frame, expiresAt });

    const after = await buildTestApp(db(), providerEnv(provider));
    try {
      const stored = (
        await after.app.inject({
          url: `/api/sessions/${sessionId}/messages`,
          headers: { cookie: who.cookie },
        })
      ).json();
      expect(stored.at(-1)).toMatchObject({
        role: "assistant",
        content: "",
        metadata: { error: NODE_LOST_TEXT },
      });
      expect(await db().db.select().from(chatTurns).where(eq(chatTurns.sessionId, sessionId))).toEqual([]);
      const [question] = await db()
        .db.select()
        .from(approvalRequests)
        .where(eq(approvalRequests.id, approvalId));
      expect(question?.status).toBe("failed");

      // A browser that connects is told of nothing in progress (the frames on connect come before
      // the answer to its first frame), and the session takes a message.
      const { wsUrl, origin } = await listen(after.app);
      const live = await LiveClient.connect(wsUrl, { cookie: who.cookie, origin });
      live.send({ type: "approval_response", approvalId, approved: true });
      expect(await live.next((f) => f.type === "error")).toMatchObject({ code: "not_found" });
      expect(live.frames.filter((f) => f.type === "agent_status" || f.type === "approval_request")).toEqual(
        [],
      );
      provider.script({ kind: "text", chunks: ["Yes."] });
      live.send({ type: "chat_message", sessionId, content: "still there?" });
      await live.next((f) => f.type === "chat_message" && (f.message as Frame).content === "Yes.", 10_000);
      expect(await live.next((f) => f.type === "agent_status" && f.state !== "running")).toMatchObject({
        state: "done",
      });
      live.socket.close();
    } finally {
      await after.app.close();
    }
  });
});
