import { afterAll, beforeAll, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { browserRecording } from "./testing/recordings";
import { TRANSCRIPTION_MAX_BYTES } from "./transcription";

const recording = browserRecording();

describeEachDatabase("speech to text: /api/audio/transcriptions", (db) => {
  let server: ProviderTestServer;
  let withOpenAi: TestApp;
  let without: TestApp;
  let who: { cookie: string };
  let nobody: { cookie: string };
  beforeAll(async () => {
    server = await ProviderTestServer.start();
    withOpenAi = await buildTestApp(db(), providerEnv(server));
    without = await buildTestApp(db());
    who = await signedInUser(withOpenAi.app);
    nobody = await signedInUser(without.app);
  });
  afterAll(async () => {
    await withOpenAi.app.close();
    await without.app.close();
    await server.close();
  });

  const post = (t: TestApp, cookie: string, body: Buffer | string, type = "audio/webm;codecs=opus") =>
    t.app.inject({
      method: "POST",
      url: "/api/audio/transcriptions",
      payload: body,
      headers: { cookie, "content-type": type },
    });

  it("sends the recording to the OpenAI provider's audio/transcriptions and answers its text", async () => {
    const available = await withOpenAi.app.inject({
      url: "/api/audio/transcriptions",
      headers: { cookie: who.cookie },
    });
    expect(available.json()).toEqual({ available: true });
    server.transcript = "  Buy milk and eggs.  ";
    const res = await post(withOpenAi, who.cookie, recording);
    expect(res.json()).toEqual({ text: "Buy milk and eggs." });
    const call = server.requests.find((r) => r.path === "/openai/v1/audio/transcriptions");
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(call?.headers["content-type"]).toMatch(/^multipart\/form-data/);
    expect(call?.bytes).toBeGreaterThan(recording.length);
    expect(call?.audio).toEqual({
      format: "webm",
      bytes: recording.length,
      model: "whisper-1",
      refused: null,
    });
  });

  it("the provider test server takes only real audio: a known container's signature and a non-trivial size", async () => {
    const send = async (bytes: Buffer, model = "whisper-1") => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)]), "speech.webm");
      if (model) form.append("model", model);
      const res = await fetch(`${server.base("openai")}/audio/transcriptions`, {
        method: "POST",
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { error: { message: string } } };
    };
    expect((await send(recording)).status).toBe(200);
    expect((await send(Buffer.from("plain text, not audio ".repeat(100)))).body.error.message).toMatch(
      /^Invalid file format/,
    );
    expect((await send(recording.subarray(0, 200))).body.error.message).toMatch(/too short/);
    expect((await send(recording, "")).body.error.message).toBe("'model' is a required property");
  });

  it("without a provider that transcribes: not available, and a POST says what is missing", async () => {
    const available = await without.app.inject({
      url: "/api/audio/transcriptions",
      headers: { cookie: nobody.cookie },
    });
    expect(available.json()).toEqual({ available: false });
    const res = await post(without, nobody.cookie, recording);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^No speech-to-text provider configured/);
  });

  it("refuses what is not a recording, an empty or oversize one, and the signed-out", async () => {
    expect((await post(withOpenAi, who.cookie, "hello", "text/plain")).statusCode).toBe(415);
    expect((await post(withOpenAi, who.cookie, recording, "audio/ogg")).statusCode).toBe(415);
    expect((await post(withOpenAi, who.cookie, Buffer.from("not audio at all"))).statusCode).toBe(415);
    expect((await post(withOpenAi, who.cookie, Buffer.alloc(0))).statusCode).toBe(400);
    expect((await post(withOpenAi, who.cookie, Buffer.alloc(TRANSCRIPTION_MAX_BYTES + 1))).statusCode).toBe(
      413,
    );
    expect((await post(withOpenAi, "neuroos_session=forged", recording)).statusCode).toBe(401);
  });
});
