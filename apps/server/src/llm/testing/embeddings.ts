import { createHash } from "node:crypto";
import type http from "node:http";

/** The embeddings endpoints the test server speaks, and the size of the vectors each answers. */
export const EMBEDDING_ROUTES: Record<string, { flavor: "openai" | "ollama"; dimensions: number }> = {
  "/openai/v1/embeddings": { flavor: "openai", dimensions: 1536 },
  "/ollama/api/embed": { flavor: "ollama", dimensions: 768 },
};

/**
 * A deterministic stand-in for a provider's embedding model: each word (lower case) hashed to a
 * few signed dimensions, so texts sharing words are near and others are not.
 */
export function hashedEmbedding(text: string, dimensions: number): number[] {
  const out = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const digest = createHash("sha256").update(word).digest();
    for (let k = 0; k < 4; k++) {
      const slot = digest.readUInt32LE(k * 4) % dimensions;
      out[slot] = (out[slot] ?? 0) + ((digest[16 + k] ?? 0) & 1 ? 1 : -1);
    }
  }
  return out;
}

/** Answers an embeddings request in the provider's wire format (or the scripted failure). */
export function answerEmbeddings(
  res: http.ServerResponse,
  route: { flavor: "openai" | "ollama"; dimensions: number },
  body: Record<string, unknown> | null,
  failure: number | null,
): void {
  const input = body?.input;
  const texts = typeof input === "string" ? [input] : Array.isArray(input) ? input.map(String) : null;
  if (failure !== null || !texts) {
    const status = failure ?? 400;
    return void res
      .writeHead(status, { "content-type": "application/json" })
      .end(JSON.stringify({ error: { message: `embeddings failed (${status})`, type: "server_error" } }));
  }
  const vectors = texts.map((t) => hashedEmbedding(t, route.dimensions));
  const answer =
    route.flavor === "openai"
      ? {
          object: "list",
          model: body?.model,
          data: vectors.map((embedding, index) => ({ object: "embedding", index, embedding })),
          usage: { prompt_tokens: texts.length, total_tokens: texts.length },
        }
      : { model: body?.model, embeddings: vectors };
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
}
