import { describe, expect, it } from "vitest";
import { localEmbedderOf } from "./embedders";
import { localEmbedder } from "./glove";

describe("the local embedding model", () => {
  it("embeds a large batch in slices: others' work set before it runs before it ends, and nothing changes", async () => {
    const glove = localEmbedder();
    const local = localEmbedderOf(glove);
    const texts = Array.from({ length: 1000 }, (_, i) =>
      `note ${i}: the quick brown fox jumps over the lazy dog near the river bank. `.repeat(12),
    );
    const order: string[] = [];
    setImmediate(() => order.push("another request"));
    const vectors = await local.embedMany(texts);
    order.push("batch embedded");
    expect(order).toEqual(["another request", "batch embedded"]);
    expect(vectors).toHaveLength(texts.length);
    expect(Array.from(vectors[999] ?? [])).toEqual(Array.from(glove.embed(texts[999] ?? "")));
  });

  it("stops between slices when its request is abandoned", async () => {
    const local = localEmbedderOf(localEmbedder());
    const texts = Array.from({ length: 1000 }, () => "a long sentence about rivers and banks ".repeat(30));
    const abandoned = new AbortController();
    abandoned.abort();
    await expect(local.embedMany(texts, abandoned.signal)).rejects.toThrow();
  });
});
