import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { MarketplaceItem } from "@neuroos/contracts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ProviderTestServer } from "../llm/testing/provider-server";
import { describeEachDatabase } from "../test/databases";
import { freePort } from "../test/server-process";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";

type Who = { cookie: string; user: { id: string } };
/** SmolLM2 135M as the catalogue names it; the test hub serves a small file of its own instead. */
const HUB_PATH = "bartowski/SmolLM2-135M-Instruct-GGUF/SmolLM2-135M-Instruct-Q8_0.gguf";
const MODEL_FILE = "SmolLM2-135M-Instruct-Q8_0.gguf";
const data = randomBytes(2 * 1024 * 1024 + 7);

describeEachDatabase("marketplace: local models and embedding models", (db) => {
  let provider: ProviderTestServer;
  let t: TestApp;
  let offline: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-market-models-"));
  beforeAll(async () => {
    provider = await ProviderTestServer.start();
    provider.hubFiles.set(HUB_PATH, { data });
    t = await buildTestApp(db(), {
      DATA_DIR: dataDir,
      HF_ENDPOINT: `${provider.url}/hub`,
      OPENAI_API_KEY: "sk-test-0123456789",
      OPENAI_BASE_URL: provider.base("openai"),
      // Nothing answers here: Ollama cannot embed.
      OLLAMA_BASE_URL: `http://127.0.0.1:${await freePort()}`,
    });
    offline = await buildTestApp(db(), { HF_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => {
    await t.app.close();
    await offline.app.close();
    await provider.close();
  });
  const api = (app: TestApp, who: Who, method: string, url: string) =>
    app.app.inject({ method: method as "GET", url, headers: { cookie: who.cookie } });
  const item = async (who: Who, id: string) =>
    (await api(t, who, "GET", `/api/marketplace/${id}`)).json() as MarketplaceItem;
  /** Polls the item until its install is no longer under way. */
  const settled = async (who: Who, id: string) => {
    let current = await item(who, id);
    for (let i = 0; i < 200 && current.install?.state === "installing"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      current = await item(who, id);
    }
    return current;
  };
  const modelPath = path.join(dataDir, "models", MODEL_FILE);

  it("a local model is downloaded to the server with progress; the last uninstall deletes the file", async () => {
    const [ann, ben] = [await signedInUser(t.app), await signedInUser(t.app)];
    const started = await api(t, ann, "POST", "/api/marketplace/smollm2-135m-instruct/install");
    expect([201, 202]).toContain(started.statusCode);
    const install = started.json().install;
    if (install.state === "installing")
      expect(install.progress).toMatchObject({ unit: "bytes", total: data.length });
    expect(await settled(ann, "smollm2-135m-instruct")).toMatchObject({
      downloadCount: 1,
      install: { state: "installed", progress: null },
    });
    expect(fs.readFileSync(modelPath).equals(data)).toBe(true);
    const local = (await api(t, ann, "GET", "/api/llm/local/models")).json().models;
    expect(local.find((m: { name: string }) => m.name === "smollm2-135m-instruct")).toMatchObject({
      installed: true,
    });

    // Shared: Ben's install uses the same file; it stays until the last uninstall.
    const gets = provider.requests.filter((r) => r.flavor === "hub" && r.method === "GET").length;
    expect((await api(t, ben, "POST", "/api/marketplace/smollm2-135m-instruct/install")).statusCode).toBe(
      201,
    );
    expect(provider.requests.filter((r) => r.flavor === "hub" && r.method === "GET")).toHaveLength(gets);
    expect((await api(t, ann, "DELETE", "/api/marketplace/smollm2-135m-instruct/install")).statusCode).toBe(
      200,
    );
    expect(fs.existsSync(modelPath)).toBe(true);
    expect((await api(t, ben, "DELETE", "/api/marketplace/smollm2-135m-instruct/install")).statusCode).toBe(
      200,
    );
    expect(fs.existsSync(modelPath)).toBe(false);
    expect((await item(ben, "smollm2-135m-instruct")).downloadCount).toBe(0);
  });

  it("without a network the install says so and records nothing", async () => {
    const who = await signedInUser(offline.app);
    const res = await api(offline, who, "POST", "/api/marketplace/smollm2-135m-instruct/install");
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe("service_unavailable");
    expect(res.json().error.message).toMatch(
      /^No network: this server cannot reach Hugging Face to download the model\. Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );
    const after = (await api(offline, who, "GET", "/api/marketplace/smollm2-135m-instruct")).json();
    expect(after).toMatchObject({ install: null, downloadCount: 0 });
  });

  it("an embedding model becomes the Vector Search model; uninstalling goes back to the one before", async () => {
    const who = await signedInUser(t.app);
    const active = async () =>
      (
        (await api(t, who, "GET", "/api/vector/models")).json().models as { id: string; isActive: boolean }[]
      ).find((m) => m.isActive)?.id;
    expect(await active()).toBe("glove-100d");
    const res = await api(t, who, "POST", "/api/marketplace/openai-embeddings/install");
    expect([201, 202]).toContain(res.statusCode);
    expect((await settled(who, "openai-embeddings")).install?.state).toBe("installed");
    expect(await active()).toBe("openai:text-embedding-3-small");
    expect(provider.requests.some((r) => r.path === "/openai/v1/embeddings")).toBe(true);

    expect((await api(t, who, "DELETE", "/api/marketplace/openai-embeddings/install")).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await active()) !== "glove-100d"; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await active()).toBe("glove-100d");

    // A model that cannot embed here says why, and nothing is recorded or switched.
    const refused = await api(t, who, "POST", "/api/marketplace/ollama-embeddings/install");
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatchObject({
      code: "llm_provider_down",
      message: expect.stringMatching(/^Ollama could not be reached for embeddings/),
    });
    expect((await item(who, "ollama-embeddings")).install).toBeNull();
    expect(await active()).toBe("glove-100d");
  });
});
