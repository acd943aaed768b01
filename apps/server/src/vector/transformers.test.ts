import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JobStopped } from "../jobs/job";
import { JobPool } from "../jobs/pool";
import { writeTinyModel } from "./testing/tiny-model";
import { TRANSFORMERS_POOL_LIMITS, transformersEmbedder, transformersModels } from "./transformers";

const dot = (a: Float32Array, b: Float32Array | undefined) =>
  a.reduce((sum, x, k) => sum + x * (b?.[k] ?? 0), 0);

const dir = mkdtempSync(path.join(os.tmpdir(), "neuroos-transformers-"));
writeTinyModel(path.join(dir, "tiny"), [
  ["cat", "kitten", "purr", "whiskers"],
  ["boat", "sail", "harbour", "anchor"],
]);
const [info] = transformersModels(dir);
const pool = new JobPool(TRANSFORMERS_POOL_LIMITS);
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a transformers.js model embeds in a process of its own, each batch within its limits", () => {
  it("embeds more texts than one batch, each a unit vector near its topic's words", async () => {
    if (!info) throw new Error("the tiny model is not listed");
    const texts = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? "the kitten purrs" : `a boat with sail ${i}`,
    );
    const [cat, boat, ...pooled] = await transformersEmbedder(dir, info, pool).embedMany([
      "cat",
      "boat",
      ...texts,
    ]);
    expect(pooled).toHaveLength(40);
    pooled.forEach((vector, i) => {
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
      const [near, far] = i % 2 ? [cat, boat] : [boat, cat];
      expect(dot(vector, near)).toBeGreaterThan(0.9);
      expect(dot(vector, far)).toBeLessThan(0.3);
    });
  });

  it("a batch past its time is stopped with its worker; the server and the next batch go on", async () => {
    if (!info) throw new Error("the tiny model is not listed");
    // Loading transformers.js and the model alone takes longer than 1 ms.
    const hurried = new JobPool({ ...TRANSFORMERS_POOL_LIMITS, timeoutMs: 1 });
    try {
      const stopped = await transformersEmbedder(dir, info, hurried)
        .embedMany(["kitten"])
        .catch((err: unknown) => err);
      expect(stopped).toBeInstanceOf(JobStopped);
      expect((stopped as JobStopped).reason).toBe("time");
    } finally {
      await hurried.close();
    }
    expect(await transformersEmbedder(dir, info, pool).embedMany(["kitten"])).toHaveLength(1);
  });
});
