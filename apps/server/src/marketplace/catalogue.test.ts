import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { categoryOfKind, marketplaceKinds } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { serverDir } from "../test/server-process";
import { CatalogueError, checkCatalogue, defaultCatalogueDir, loadCatalogue } from "./catalogue";

const run = promisify(execFile);
const good = {
  id: "haiku",
  kind: "prompt-template",
  title: "Haiku",
  shortDescription: "A haiku about anything.",
  description: "Writes a haiku about {{topic}}.",
  payload: { title: "Haiku", content: "Write a haiku about {{topic}}." },
};

/** A catalogue folder holding these entries (file name → content: an object is written as JSON). */
function folder(files: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-catalogue-"));
  for (const [name, content] of Object.entries(files))
    fs.writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  return dir;
}

describe("the marketplace catalogue", () => {
  it("ships entries of every kind, each valid, in every spec category", () => {
    const entries = loadCatalogue(defaultCatalogueDir());
    expect(new Set(entries.map((e) => e.kind))).toEqual(new Set(marketplaceKinds));
    expect(new Set(entries.map((e) => categoryOfKind[e.kind]))).toEqual(
      new Set(["ai-model", "tool", "template", "service"]),
    );
    expect(entries.some((e) => e.price > 0)).toBe(true);
    expect(entries.some((e) => e.imageUrl === null)).toBe(true);
    for (const entry of entries.filter((e) => e.imageUrl))
      expect(fs.existsSync(path.join(serverDir, "../web/public", entry.imageUrl ?? ""))).toBe(true);
  });

  it("names the file, the field and the fault of a bad entry", () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ "haiku.json": "{ not json" }, /^Marketplace catalogue entry haiku\.json: not valid JSON/],
      [{ "haiku.json": { ...good, kind: "spaceship" } }, /^Marketplace catalogue entry haiku\.json: kind: /],
      [{ "haiku.json": { ...good, price: 1.999 } }, /haiku\.json: price: A price has at most 2 decimals$/],
      [
        { "haiku.json": { ...good, imageUrl: "https://example.com/x.png" } },
        /haiku\.json: imageUrl: An image is/,
      ],
      [{ "haiku.json": { ...good, payload: { title: "Haiku" } } }, /haiku\.json: payload\.content: /],
      [
        {
          "agent.json": {
            ...good,
            id: "agent",
            kind: "agent-preset",
            payload: { name: "A", tools: ["format_disk"] },
          },
        },
        /agent\.json: payload\.tools\.0: /,
      ],
      [
        { "pin.json": { ...good, id: "pin", kind: "app-shortcut", payload: { appId: "minesweeper" } } },
        /pin\.json: payload\.appId: /,
      ],
      [{ "other-name.json": good }, /other-name\.json: its id 'haiku' must be the file's name/],
      [{ "entries.json": { ...good, id: "entries" } }, /entries\.json: the id 'entries' is reserved/],
      [{ "haiku.json": { ...good, extra: 1 } }, /haiku\.json: entry: Unrecognized key/],
    ];
    for (const [files, message] of cases) {
      const load = () =>
        loadCatalogue(folder({ "a-fine-one.json": { ...good, id: "a-fine-one" }, ...files }));
      expect(load).toThrow(CatalogueError);
      expect(load).toThrow(message);
    }
    expect(() => loadCatalogue(path.join(os.tmpdir(), "no-such-catalogue"))).toThrow(
      /Marketplace catalogue .*no-such-catalogue cannot be read \(ENOENT\)/,
    );
    const model = { ...good, id: "vectors", kind: "embedding-model", payload: { modelId: "magic:model" } };
    const entries = loadCatalogue(folder({ "vectors.json": model }));
    expect(() => checkCatalogue(entries, { embeddingModels: ["glove-100d"] })).toThrow(
      "Marketplace catalogue entry vectors.json: payload.modelId: no embedding model 'magic:model' (known: glove-100d)",
    );
  });

  it("stops the server's boot with one line naming the bad entry", async () => {
    const dir = folder({ "haiku.json": { ...good, price: -1 } });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-catalogue-boot-"));
    const tsx = path.join(serverDir, "../../node_modules/.bin/tsx");
    const failed = await run(tsx, [path.join(serverDir, "src/main.ts")], {
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        LOG_LEVEL: "silent",
        WORKSPACE_VOLUMES: "off",
        MARKETPLACE_DIR: dir,
      },
    }).catch((err: { code: number; stderr: string }) => err);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr.trim()).toBe(
      "Marketplace catalogue entry haiku.json: price: A price is 0 or more",
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
