import { afterAll, beforeAll, expect, it } from "vitest";
import { providerEnv } from "../llm/testing/helpers";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { browserRecording, wav } from "./testing/recordings";

const RECORDINGS = "/api/audio/recordings";
const recording = browserRecording();

describeEachDatabase("recordings in the workspace: /api/audio/recordings", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    // A 1 MB file limit on the Free plan: the plan's limit holds for recordings too.
    t = await buildTestApp(db(), providerEnv(provider, { WORKSPACE_FILE_MB_FREE: "1" }));
    alice = (await signedInUser(t.app)).cookie;
    bob = (await signedInUser(t.app)).cookie;
  });
  afterAll(async () => {
    await t.app.close();
    await provider.close();
  });

  const save = (body: Buffer | string, type = "audio/webm;codecs=opus", cookie = alice) =>
    t.app.inject({
      method: "POST",
      url: RECORDINGS,
      payload: body,
      headers: { cookie, "content-type": type },
    });
  const call = (method: "GET" | "DELETE" | "POST", url: string, cookie = alice) =>
    t.app.inject({ method, url, headers: { cookie } });
  const list = async (cookie = alice) => (await call("GET", RECORDINGS, cookie)).json();
  const audioFolder = async () =>
    (await call("GET", "/api/files?path=/home/user/audio&recursive=false")).json() as { path: string }[];

  it("keeps a browser recording in /home/user/audio, lists it with its length, and serves it back", async () => {
    expect(await list()).toEqual([]);
    const res = await save(recording);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({
      name: expect.stringMatching(/^recording-\d{4}-\d\d-\d\d-\d{6}\.webm$/),
      type: "audio/webm",
      size: recording.length,
      durationMs: 1980,
    });
    expect(saved.path).toBe(`/home/user/audio/${saved.name}`);
    expect((await audioFolder()).map((e) => e.path)).toEqual([saved.path]);
    expect(await list()).toEqual([saved]);
    const back = await call("GET", `${RECORDINGS}/${saved.name}`);
    expect(back.statusCode).toBe(200);
    expect(back.headers["content-type"]).toBe("audio/webm");
    expect(back.rawPayload.equals(recording)).toBe(true);
  });

  it("gives recordings saved at once names of their own (nothing is overwritten)", async () => {
    const answers = await Promise.all([save(recording), save(recording), save(recording)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const names = answers.map((a) => a.json().name);
    expect(new Set(names).size).toBe(3);
    const listed = (await list()).map((r: { name: string }) => r.name);
    for (const name of names) expect(listed).toContain(name);
  });

  it("lists audio put in the folder another way (Files), with its length; other files are not recordings", async () => {
    const put = (path: string, content: Buffer) =>
      t.app.inject({
        method: "PUT",
        url: "/api/files/content",
        headers: { cookie: alice },
        payload: { path, content: content.toString("base64"), encoding: "base64" },
      });
    expect((await put("/home/user/audio/Interview.wav", wav(1.5))).statusCode).toBe(200);
    expect((await put("/home/user/audio/notes.txt", Buffer.from("not audio"))).statusCode).toBe(200);
    const listed = await list();
    expect(listed.find((r: { name: string }) => r.name === "Interview.wav")).toMatchObject({
      type: "audio/wav",
      durationMs: 1500,
    });
    expect(listed.some((r: { name: string }) => r.name === "notes.txt")).toBe(false);
  });

  it("transcribes a kept recording through the person's provider, which receives the WebM itself", async () => {
    const { name } = (await save(recording)).json();
    provider.transcript = "Testing one two three.";
    const res = await call("POST", `${RECORDINGS}/${name}/transcription`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ text: "Testing one two three." });
    const upload = provider.requests.findLast((r) => r.path === "/openai/v1/audio/transcriptions");
    expect(upload?.audio).toEqual({
      format: "webm",
      bytes: recording.length,
      model: "whisper-1",
      refused: null,
    });
  });

  it("refuses what is not a recording, and changes nothing", async () => {
    const before = await list();
    const refusals: [Buffer | string, string, number][] = [
      ["hello", "text/plain", 415],
      [Buffer.from("<html>not audio</html>"), "audio/webm", 415],
      [recording, "audio/ogg", 415],
      [recording, "audio/flac", 415],
      [Buffer.alloc(0), "audio/webm", 400],
    ];
    for (const [body, type, status] of refusals) {
      const res = await save(body, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toBeTruthy();
    }
    const json = await t.app.inject({
      method: "POST",
      url: RECORDINGS,
      payload: { audio: "x" },
      headers: { cookie: alice },
    });
    expect(json.statusCode).toBe(415);
    expect(await list()).toEqual(before);
  });

  it("refuses a recording over 25 MB or over the plan's file limit, and writes nothing", async () => {
    const before = await list();
    const huge = await save(Buffer.concat([recording, Buffer.alloc(25 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/at most 25 MB/);
    const overPlan = await save(Buffer.concat([recording, Buffer.alloc(1024 * 1024)]));
    expect(overPlan.statusCode).toBe(413);
    expect(overPlan.json().error.message).toMatch(/1 MB per-file limit of the Free plan/);
    expect(await list()).toEqual(before);
  });

  it("never reaches another person's recording: 404 to play, transcribe or delete it, and it stays", async () => {
    const { name } = (await save(recording)).json();
    expect((await call("GET", `${RECORDINGS}/${name}`, bob)).statusCode).toBe(404);
    expect((await call("POST", `${RECORDINGS}/${name}/transcription`, bob)).statusCode).toBe(404);
    const deleted = await call("DELETE", `${RECORDINGS}/${name}`, bob);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().error.message).toBe(`No recording named ${name}`);
    expect(await list(bob)).toEqual([]);
    expect((await list()).some((r: { name: string }) => r.name === name)).toBe(true);
  });

  it("refuses names that leave the audio folder or are not audio: 400, and the file there is untouched", async () => {
    for (const name of [
      "..%2Fprojects%2FREADME.md",
      "..%2F..%2F..%2Fetc%2Fpasswd.wav",
      "%252e%252e%2Fx.webm",
      "a%00b.webm",
      "a%5C..%5Cb.webm",
      "README.md",
    ]) {
      for (const method of ["GET", "DELETE", "POST"] as const) {
        const url = `${RECORDINGS}/${name}${method === "POST" ? "/transcription" : ""}`;
        const res = await call(method, url);
        expect(res.statusCode, `${method} ${name}: ${res.body}`).toBe(400);
        expect(res.json().error.code).toBe("invalid_path");
      }
    }
    // Dot segments are resolved by the URL itself: they never reach a recording.
    for (const name of ["..", "%2E%2E"])
      expect((await call("DELETE", `${RECORDINGS}/${name}`)).json().error.message).toMatch(/^No route/);
    const readme = await call("GET", "/api/files/content?path=/home/user/projects/README.md");
    expect(readme.statusCode).toBe(200);
  });

  it("deletes a recording: gone from the list and the folder; a second delete is 404", async () => {
    const { name, path } = (await save(recording)).json();
    const res = await call("DELETE", `${RECORDINGS}/${name}`);
    expect(res.statusCode).toBe(204);
    expect((await list()).some((r: { name: string }) => r.name === name)).toBe(false);
    expect((await audioFolder()).map((e) => e.path)).not.toContain(path);
    expect((await call("GET", `${RECORDINGS}/${name}`)).statusCode).toBe(404);
    expect((await call("DELETE", `${RECORDINGS}/${name}`)).statusCode).toBe(404);
  });

  it("refuses the signed-out", async () => {
    expect((await call("GET", RECORDINGS, "")).statusCode).toBe(401);
    expect((await save(recording, "audio/webm", "neuroos_session=forged")).statusCode).toBe(401);
  });
});

describeEachDatabase("recordings without a provider that transcribes", (db) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ cookie } = await signedInUser(t.app));
  });
  afterAll(() => t.app.close());

  it("says what is missing and how to set it up", async () => {
    const saved = await t.app.inject({
      method: "POST",
      url: RECORDINGS,
      payload: recording,
      headers: { cookie, "content-type": "audio/webm" },
    });
    const res = await t.app.inject({
      method: "POST",
      url: `${RECORDINGS}/${saved.json().name}/transcription`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "llm_not_configured",
      message:
        "No speech-to-text provider configured: add an OpenAI API key (or an OpenAI-compatible address) in Settings.",
    });
  });
});
