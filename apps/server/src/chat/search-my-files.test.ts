import type { FilePassage } from "@neuroos/contracts";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { LiveClient, listen } from "../test/live-client";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { userContent } from "./history";

type Frame = Record<string, unknown>;
type Who = { cookie: string; user: { id: string } };

const REPORT = Array.from({ length: 50 }, (_, i) =>
  i === 41 ? "The warranty of the boiler ends in March 2027." : `line ${i}`,
).join("\n");

describeEachDatabase(
  '"Search my files": a message sent with the passages found in the person\'s files',
  (db) => {
    let provider: ProviderTestServer;
    let t: TestApp;
    let alice: Who;
    let bob: Who;
    let aliceLive: LiveClient;
    let bobLive: LiveClient;

    beforeAll(async () => {
      provider = await ProviderTestServer.start();
      t = await buildTestApp(db(), providerEnv(provider, { LLM_TIMEOUT_MS: "5000" }));
      const { wsUrl, origin } = await listen(t.app);
      [alice, bob] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
      [aliceLive, bobLive] = await Promise.all([
        LiveClient.connect(wsUrl, { cookie: alice.cookie, origin }),
        LiveClient.connect(wsUrl, { cookie: bob.cookie, origin }),
      ]);
      for (const who of [alice, bob])
        expect((await api("PUT", "/api/settings", who, { defaultProvider: "openai" })).statusCode).toBe(200);
    });
    afterAll(async () => {
      aliceLive?.socket.close();
      bobLive?.socket.close();
      await t?.app.close();
      await provider?.close();
    });
    beforeEach(() => provider.reset());

    const api = (method: "GET" | "POST" | "PUT", url: string, who: Who, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    const messages = async (who: Who, sessionId: string) =>
      (await api("GET", `/api/sessions/${sessionId}/messages`, who)).json() as {
        role: string;
        content: string;
        metadata: { passages?: FilePassage[] };
      }[];
    /** Sends a message with "Search my files" and waits for the stored reply. */
    const ask = async (who: Who, live: LiveClient, content: string) => {
      const sessionId = (await api("POST", "/api/sessions", who, { agentId: null })).json().id as string;
      live.send({ type: "chat_message", sessionId, content, searchFiles: true });
      await live.next(
        (f) =>
          f.type === "chat_message" && f.sessionId === sessionId && (f.message as Frame).role === "assistant",
        20_000,
      );
      return messages(who, sessionId);
    };

    it("finds the passage (the index built on first use), stores it with the message, numbers it for the model", async () => {
      const put = await api("PUT", "/api/files/content", alice, {
        path: "/home/user/docs/house.txt",
        content: REPORT,
      });
      expect(put.statusCode, put.body).toBeLessThan(300);
      provider.script({ kind: "text", chunks: ["It ends in March 2027 [1]."] });
      const [question, reply] = await ask(alice, aliceLive, "When does the boiler warranty end?");

      expect(question?.content).toBe("When does the boiler warranty end?");
      // Only passages with the question's words: not the starter README that word vectors rank near.
      expect(question?.metadata.passages?.map((p) => p.citation)).toEqual([
        "/home/user/docs/house.txt:39-45",
      ]);
      const first = question?.metadata.passages?.[0];
      // The chunk is lines 1-50; the citation points at line 42 with three lines either side.
      expect(first?.citation).toBe("/home/user/docs/house.txt:39-45");
      expect(first?.text).toContain("The warranty of the boiler ends in March 2027.");
      expect(reply).toMatchObject({ role: "assistant", content: "It ends in March 2027 [1]." });

      const sent = JSON.stringify(provider.calls[0]?.body);
      expect(sent).toContain("When does the boiler warranty end?");
      expect(sent).toContain("cite each one you use by its number in square brackets");
      expect(sent).toContain("[1] /home/user/docs/house.txt:39-45");
      expect(sent).toContain("The warranty of the boiler ends in March 2027.");
    });

    it("another person's search never sees those files; nothing found is said to the model, not guessed", async () => {
      provider.script({ kind: "text", chunks: ["I found nothing about it in your files."] });
      const [question] = await ask(bob, bobLive, "When does the boiler warranty end?");

      // Bob's own starter files may come back (the closest he has); Alice's never.
      for (const passage of question?.metadata.passages ?? []) {
        expect(passage.citation).not.toContain("house.txt");
        expect(passage.text).not.toContain("March 2027");
      }
      const sent = JSON.stringify(provider.calls[0]?.body);
      expect(sent).toContain("When does the boiler warranty end?");
      expect(sent).not.toContain("March 2027");
      expect(sent).not.toContain("house.txt");
      expect(userContent({ content: "Where is it?", metadata: { passages: [] } })).toBe(
        "Where is it?\n\nThe person asked to search their files for this message: nothing in them matched.",
      );
    });

    it("a message without it is sent as it is", async () => {
      provider.script({ kind: "text", chunks: ["Hello."] });
      const sessionId = (await api("POST", "/api/sessions", alice, { agentId: null })).json().id as string;
      aliceLive.send({ type: "chat_message", sessionId, content: "When does the boiler warranty end?" });
      await aliceLive.next(
        (f) =>
          f.type === "chat_message" && f.sessionId === sessionId && (f.message as Frame).role === "assistant",
        20_000,
      );
      const [question] = await messages(alice, sessionId);
      expect(question?.metadata.passages).toBeUndefined();
      expect(JSON.stringify(provider.calls[0]?.body)).not.toContain("March 2027");
    });
  },
);
