import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../../test/test-app";
import { TINY_SHAPE, writeRandomLlamaGguf } from "../testing/gguf-writer";
import { parseSse } from "../testing/helpers";
import { LocalRuntime } from "./runtime";

const modelsRoot = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-local-"));
const modelsDir = path.join(modelsRoot, "models");
const modelPath = path.join(modelsDir, "tiny-random.gguf");

beforeAll(async () => {
  fs.mkdirSync(modelsDir, { recursive: true });
  await writeRandomLlamaGguf(modelPath, TINY_SHAPE, { seed: 7, name: "tiny-random" });
});
afterAll(() => fs.rmSync(modelsRoot, { recursive: true, force: true }));

describe("the local runtime (node-llama-cpp) on a tiny random-weight GGUF", () => {
  let runtime: LocalRuntime;
  beforeAll(() => {
    runtime = new LocalRuntime({ modelsDir, threads: 1, contextSize: 512 });
  });
  afterAll(() => runtime.close());

  it("writes a llama-architecture GGUF of a few hundred KB that llama.cpp reads", async () => {
    const size = fs.statSync(modelPath).size;
    expect(size).toBeGreaterThan(100_000);
    expect(size).toBeLessThan(1_000_000);
    expect(await runtime.inspect(modelPath)).toEqual({ architecture: "llama", contextLength: 512 });
  });

  it("loads, streams text chunks, and counts tokens", async () => {
    const chunks: string[] = [];
    const result = await runtime.generate({
      modelPath,
      messages: [
        { role: "system", content: "You are a test." },
        { role: "user", content: "hello world" },
      ],
      maxTokens: 16,
      temperature: 0,
      onText: (t) => chunks.push(t),
    });
    expect(runtime.loadedModelPath).toBe(modelPath);
    expect(result.stopReason).toBe("maxTokens");
    expect(result.outputTokens).toBe(16);
    expect(result.inputTokens).toBeGreaterThan(3);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.join("")).toBe(result.text);
  });

  it("is deterministic at temperature 0", async () => {
    const run = () =>
      runtime.generate({
        modelPath,
        messages: [{ role: "user", content: "the model" }],
        maxTokens: 8,
        temperature: 0,
      });
    expect((await run()).text).toBe((await run()).text);
  });

  it("cancels a generation promptly and serves the next request", async () => {
    const controller = new AbortController();
    let chunks = 0;
    const started = performance.now();
    const result = await runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "count forever" }],
      maxTokens: 400,
      temperature: 0,
      signal: controller.signal,
      onText: () => {
        chunks += 1;
        if (chunks === 3) controller.abort();
      },
    });
    expect(result.stopReason).toBe("abort");
    expect(result.outputTokens).toBeLessThan(400);
    expect(performance.now() - started).toBeLessThan(10_000);
    const next = await runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "again" }],
      maxTokens: 4,
      temperature: 0,
    });
    expect(next.outputTokens).toBe(4);
  });

  it("lets a waiting request give up its turn when aborted", async () => {
    const first = runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "a" }],
      maxTokens: 24,
      temperature: 0,
    });
    const controller = new AbortController();
    const second = runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "b" }],
      maxTokens: 24,
      temperature: 0,
      signal: controller.signal,
    });
    controller.abort(new Error("client left"));
    await expect(second).rejects.toThrow("client left");
    expect((await first).outputTokens).toBe(24);
  });

  it("unloads the model and loads it again on the next request", async () => {
    await runtime.unload();
    expect(runtime.loadedModelPath).toBeNull();
    const again = await runtime.generate({
      modelPath,
      messages: [{ role: "user", content: "hi" }],
      maxTokens: 2,
      temperature: 0,
    });
    expect(again.outputTokens).toBe(2);
    expect(runtime.loadedModelPath).toBe(modelPath);
  });
});

describeEachDatabase("the local provider through the gateway", (db) => {
  let t: TestApp;
  let who: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(db(), { DATA_DIR: modelsRoot, LLM_LOCAL_THREADS: "1" });
    who = await signedInUser(t.app);
  });
  afterAll(() => t.app.close());
  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it("lists the installed model and reports it active", async () => {
    const providers = (await call("GET", "/api/llm/providers")).json();
    const local = providers.providers.find((p: { id: string }) => p.id === "local");
    expect(local).toMatchObject({ configured: true, defaultModel: "tiny-random", supportsTools: false });
    expect(providers.usableProvider).toBe("local");
    const status = (await call("GET", "/api/llm/providers/local/status")).json();
    expect(status).toMatchObject({
      status: "active",
      detail: expect.stringMatching(/^tiny-random: llama, 0 MB, 1 threads/),
    });
    const models = (await call("GET", "/api/llm/local/models")).json().models;
    expect(models).toContainEqual(expect.objectContaining({ name: "tiny-random", installed: true }));
    expect(models).toContainEqual(
      expect.objectContaining({ name: "smollm2-360m-instruct", installed: false }),
    );
  });

  it("streams an answer as SSE and answers whole chats", async () => {
    const body = {
      messages: [{ role: "user", content: "hello" }],
      config: { provider: "local", temperature: 0, maxTokens: 12 },
    };
    const streamed = await call("POST", "/api/llm/chat/stream", body);
    const stream = parseSse(streamed.body);
    expect(stream.done).toBe(true);
    expect(stream.errors).toEqual([]);
    expect(stream.contents.length).toBeGreaterThan(0);
    const whole = (await call("POST", "/api/llm/chat", body)).json();
    expect(whole).toMatchObject({
      provider: "local",
      model: "tiny-random",
      content: stream.contents.join(""),
      usage: { completionTokens: 12 },
      finishReason: "length",
    });
  });

  it("says what to do when the model is not downloaded", async () => {
    const res = await call("POST", "/api/llm/chat", {
      messages: [{ role: "user", content: "hi" }],
      config: { provider: "local", model: "smollm2-360m-instruct" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "llm_not_configured",
      message: expect.stringContaining("model:pull"),
    });
  });
});
