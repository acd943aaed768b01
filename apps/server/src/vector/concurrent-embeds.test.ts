import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users, vectorChunks } from "../db/schema";
import { describeEachDatabase } from "../test/databases";
import { localEmbedder } from "./glove";
import { EmbeddingModels, loadPgvector } from "./models";
import { VectorService } from "./service";

describeEachDatabase("semantic search: one object written by several writers at once", (db) => {
  it("twelve concurrent embeds of one file (two nodes, or a change during indexing) leave one copy", async () => {
    const d = db().db;
    const models = new EmbeddingModels(d, localEmbedder(), await loadPgvector(d));
    await models.ensureIndex(models.local);
    const vectors = new VectorService(d, models);
    const [user] = await d
      .insert(users)
      .values({ email: "race@example.com", username: "race", passwordHash: "x" })
      .returning({ id: users.id });
    const userId = user?.id ?? "";
    const content = Array.from({ length: 120 }, (_, i) => `line ${i}: the quick brown fox jumps`).join("\n");
    const once = await vectors.embedObject(userId, { objectType: "file", objectId: "/notes.md", content });
    expect(once.chunks).toBeGreaterThan(1);
    await Promise.all(
      Array.from({ length: 12 }, () =>
        vectors.embedObject(userId, { objectType: "file", objectId: "/notes.md", content }),
      ),
    );
    const rows = await d
      .select({ id: vectorChunks.id })
      .from(vectorChunks)
      .where(and(eq(vectorChunks.userId, userId), eq(vectorChunks.objectId, "/notes.md")));
    expect(rows).toHaveLength(once.chunks);
  });
});
