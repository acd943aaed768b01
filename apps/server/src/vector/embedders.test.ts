import { afterAll, describe, expect, it } from "vitest";
import { JobPool } from "../jobs/pool";
import { LOCAL_EMBED_INLINE_CHARS, localEmbedderOf } from "./embedders";
import { localEmbedder } from "./glove";

describe("the local embedding model", () => {
  const jobs = new JobPool({ workers: 1, timeoutMs: 20_000, memoryMb: 256 });
  afterAll(() => jobs.close());
  const glove = localEmbedder();

  it("embeds a large batch in a worker: others' work set before it runs before it ends; the vectors are the same", async () => {
    const local = localEmbedderOf(glove, jobs);
    const texts = Array.from({ length: 1000 }, (_, i) =>
      `note ${i}: the quick brown fox jumps over the lazy dog near the river bank. `.repeat(12),
    );
    expect(texts.join("").length).toBeGreaterThan(LOCAL_EMBED_INLINE_CHARS);
    const order: string[] = [];
    setImmediate(() => order.push("another request"));
    const vectors = await local.embedMany(texts);
    order.push("batch embedded");
    expect(order).toEqual(["another request", "batch embedded"]);
    expect(vectors).toHaveLength(texts.length);
    expect(vectors[999]).toBeInstanceOf(Float32Array);
    expect(Array.from(vectors[999] ?? [])).toEqual(Array.from(glove.embed(texts[999] ?? "")));
  });

  it("embeds a search's query at once, without a worker, as it does with no pool at all", async () => {
    const query = "feline companion";
    const [pooled] = await localEmbedderOf(glove, jobs).embedMany([query]);
    const [alone] = await localEmbedderOf(glove).embedMany([query]);
    expect(Array.from(pooled ?? [])).toEqual(Array.from(alone ?? []));
  });
});
