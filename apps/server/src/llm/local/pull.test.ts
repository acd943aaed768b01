import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DownloadProgress } from "../../downloads/hub-file";
import { describeEachDatabase } from "../../test/databases";
import { freePort, serverDir } from "../../test/server-process";
import { buildTestApp, signedInUser, type TestApp } from "../../test/test-app";
import { ProviderTestServer } from "../testing/provider-server";
import { pullModel, pullTarget } from "./pull";

const run = promisify(execFile);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const target = { name: "tiny", repo: "test-org/tiny-GGUF", file: "tiny-q8_0.gguf" };
const data = randomBytes(3 * 1024 * 1024 + 123);

describe("model:pull", () => {
  let hub: ProviderTestServer;
  let dir: string;
  beforeAll(async () => {
    hub = await ProviderTestServer.start();
  });
  afterAll(() => hub.close());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-pull-"));
    hub.requests.length = 0;
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data });
  });
  const files = () => fs.readdirSync(dir, { recursive: true }).map(String).sort();
  const options = (extra: object = {}) => ({ modelsDir: dir, hubUrl: `${hub.url}/hub`, ...extra });

  it("downloads with progress, verifies the Hub's sha256, then moves the file into place", async () => {
    const progress: DownloadProgress[] = [];
    const result = await pullModel(
      target,
      options({ onProgress: (p: DownloadProgress) => progress.push(p) }),
    );
    expect(result).toEqual({ path: path.join(dir, target.file), sha256: sha(data), bytes: data.length });
    expect(fs.readFileSync(result.path).equals(data)).toBe(true);
    expect(progress.at(-1)).toEqual({
      state: "verifying",
      receivedBytes: data.length,
      totalBytes: data.length,
    });
    expect(files()).toEqual([target.file]);
  });

  it("resumes an interrupted download with a Range request", async () => {
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data, cutAfterBytes: 1024 * 1024 });
    await expect(pullModel(target, options())).rejects.toThrow(
      /Download interrupted at \d+%.*try again to resume/,
    );
    expect(fs.existsSync(path.join(dir, target.file))).toBe(false);
    const partial = fs.statSync(path.join(dir, ".partial", `${target.file}.part`)).size;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(data.length);

    const result = await pullModel(target, options());
    const resumed = hub.requests.filter((r) => r.method === "GET").at(-1);
    expect(resumed?.headers.range).toBe(`bytes=${partial}-`);
    expect(result.sha256).toBe(sha(data));
    expect(fs.readFileSync(result.path).equals(data)).toBe(true);
  });

  it("starts over when the server ignores the Range header", async () => {
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data, cutAfterBytes: 500_000 });
    await expect(pullModel(target, options())).rejects.toThrow(/interrupted/);
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data, noRange: true });
    const result = await pullModel(target, options());
    expect(result.sha256).toBe(sha(data));
  });

  it("is refused while a node on another host downloads the same model into the shared folder", async () => {
    fs.mkdirSync(path.join(dir, ".partial"));
    fs.writeFileSync(path.join(dir, ".partial", `${target.file}.lock`), "other-node.example 4242");
    await expect(pullModel(target, options())).rejects.toThrow("Another download of this model is running");
    expect(fs.existsSync(path.join(dir, target.file))).toBe(false);
  });

  it("discards a download whose checksum does not match and leaves no file behind", async () => {
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data, sha256: "0".repeat(64) });
    await expect(pullModel(target, options())).rejects.toThrow(/Checksum mismatch.*expected sha256 0{64}/);
    expect(files()).toEqual([]);
  });

  it("fails with a clear message and writes nothing when the Hub cannot be reached", async () => {
    const port = await freePort();
    await expect(pullModel(target, { modelsDir: dir, hubUrl: `http://127.0.0.1:${port}` })).rejects.toThrow(
      `Cannot reach http://127.0.0.1:${port} (ECONNREFUSED). Check the network connection (or HF_ENDPOINT) and try again.`,
    );
    expect(files()).toEqual([]);
  });

  it("names an unknown model or a missing file", async () => {
    expect(() => pullTarget("gpt-5")).toThrow(/Unknown model 'gpt-5'. Use one of smollm2-360m-instruct/);
    expect(() => pullTarget("../../etc/passwd.gguf")).toThrow(/Unknown model/);
    expect(pullTarget("smollm2-360m-instruct")).toEqual({
      name: "smollm2-360m-instruct",
      repo: "HuggingFaceTB/SmolLM2-360M-Instruct-GGUF",
      file: "smollm2-360m-instruct-q8_0.gguf",
    });
    await expect(pullModel({ ...target, file: "missing.gguf" }, options())).rejects.toThrow(
      /does not exist on Hugging Face/,
    );
  });

  it("runs as `npm run model:pull -- <name>` with a progress line, and fails cleanly offline", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-pull-cli-"));
    const cli = path.join(serverDir, "src/llm/local/pull-cli.ts");
    const tsx = path.join(serverDir, "../../node_modules/.bin/tsx");
    const env = { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, HF_ENDPOINT: `${hub.url}/hub` };
    const ok = await run(tsx, [cli, `${target.repo}/${target.file}`], { env });
    expect(ok.stdout).toContain(`Ready: ${path.join(dataDir, "models", target.file)}`);
    expect(ok.stdout).toContain(sha(data));
    expect(ok.stderr).toMatch(/\[#+\] 100\.0%|downloading|verifying/);

    const offline = await run(tsx, [cli, "smollm2-360m-instruct"], {
      env: { ...env, HF_ENDPOINT: `http://127.0.0.1:${await freePort()}` },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((offline as { code: number }).code).toBe(1);
    expect((offline as { stderr: string }).stderr).toMatch(
      /^model:pull failed: Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/m,
    );
    expect(fs.readdirSync(path.join(dataDir, "models"))).toEqual([target.file]);
  }, 60_000);
});

describeEachDatabase("downloading a model from Settings", (db) => {
  let hub: ProviderTestServer;
  let t: TestApp;
  let admin: { cookie: string };
  let user: { cookie: string };
  beforeAll(async () => {
    hub = await ProviderTestServer.start();
    hub.hubFiles.set(`${target.repo}/${target.file}`, { data });
    t = await buildTestApp(db(), { HF_ENDPOINT: `${hub.url}/hub` });
    admin = await signedInUser(t.app);
    user = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t.app.close();
    await hub.close();
  });
  const call = (who: { cookie: string }, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it("lets an admin start a download and follow its progress until installed", async () => {
    const name = `${target.repo}/${target.file}`;
    const started = await call(admin, "POST", "/api/llm/local/models/pull", { name });
    expect(started.statusCode).toBe(202);
    expect(started.json().model).toMatchObject({
      name: "tiny-q8_0",
      download: { state: expect.any(String) },
    });
    let model: { installed: boolean; download: { state: string } | null } | undefined;
    for (let i = 0; i < 100; i++) {
      model = (await call(user, "GET", "/api/llm/local/models"))
        .json()
        .models.find((m: { name: string }) => m.name === "tiny-q8_0");
      if (model?.installed) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(model).toMatchObject({ installed: true, download: { state: "done", receivedBytes: data.length } });
  });

  it("refuses other users and unknown names", async () => {
    expect(
      (await call(user, "POST", "/api/llm/local/models/pull", { name: "smollm2-360m-instruct" })).statusCode,
    ).toBe(403);
    const unknown = await call(admin, "POST", "/api/llm/local/models/pull", { name: "nope" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.name).toMatch(/Unknown model/);
  });
});
