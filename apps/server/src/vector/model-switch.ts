import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { vectorChunks } from "../db/schema";
import type { Embedder } from "./embedders";
import type { EmbeddingModels, ModelSwitch } from "./models";

/** Objects re-embedded per step. */
const OBJECTS_PER_STEP = 16;

export type PublicSwitch = Omit<ModelSwitch, "cancel" | "downloadProgress"> & {
  download?: { receivedBytes: number; totalBytes: number | null };
};
export function publicSwitch(s: ModelSwitch | undefined): PublicSwitch | null {
  if (!s) return null;
  const download = s.state === "downloading" ? s.downloadProgress?.() : null;
  return {
    target: s.target,
    state: s.state,
    done: s.done,
    total: s.total,
    error: s.error,
    ...(download
      ? { download: { receivedBytes: download.receivedBytes, totalBytes: download.totalBytes } }
      : {}),
  };
}

interface ObjectKey {
  objectType: string;
  objectId: string;
}

/** The person's objects indexed with `from` but not yet with `to`. */
async function missing(db: Db, userId: string, from: string, to: string, limit?: number) {
  const result = (await db.execute(sql`
    select distinct c.object_type as "objectType", c.object_id as "objectId" from vector_chunks c
    where c.user_id = ${userId} and c.model = ${from} and not exists (
      select 1 from vector_chunks t where t.user_id = c.user_id and t.model = ${to}
        and t.object_type = c.object_type and t.object_id = c.object_id)
    ${limit ? sql`limit ${limit}` : sql``}`)) as unknown as { rows: ObjectKey[] };
  return result.rows;
}

/** Re-embeds some objects' chunks with the target model (a chunk replaced meanwhile is skipped). */
async function reembed(db: Db, userId: string, from: string, target: Embedder, objects: ObjectKey[]) {
  const sources = (
    await Promise.all(
      objects.map((o) =>
        db
          .select({ id: vectorChunks.id, content: vectorChunks.content })
          .from(vectorChunks)
          .where(
            and(
              eq(vectorChunks.userId, userId),
              eq(vectorChunks.model, from),
              eq(vectorChunks.objectType, o.objectType as "file"),
              eq(vectorChunks.objectId, o.objectId),
            ),
          ),
      ),
    )
  ).flat();
  const vectors = await target.embedMany(sources.map((s) => s.content));
  await db.transaction(async (tx) => {
    for (const [i, source] of sources.entries()) {
      const embedding = `{${Array.from(vectors[i] ?? []).join(",")}}`;
      await tx.execute(sql`
        insert into vector_chunks (user_id, object_type, object_id, line_from, line_to, content, metadata, model, embedding, sent)
        select user_id, object_type, object_id, line_from, line_to, content, metadata, ${target.id}, ${embedding}::real[], sent
        from vector_chunks where id = ${source.id}`);
    }
  });
}

/**
 * Switches a person's embedding model: downloads it if it must, checks it answers, then re-embeds their index
 * in the background with progress. Searches use the old index until the new one is complete;
 * objects written meanwhile are embedded with both.
 */
export async function startModelSwitch(
  db: Db,
  models: EmbeddingModels,
  userId: string,
  targetId: string,
): Promise<ModelSwitch | undefined> {
  const info = models.info(targetId);
  const from = await models.chosenId(userId);
  models.switches.get(userId)?.cancel.abort();
  models.switches.delete(userId);
  if (targetId === from) return undefined;
  // A model not on the server yet is downloaded first (a Hub out of reach is said now); any other
  // is asked to embed now, so a provider that cannot embed says so at once, not halfway.
  const download = info.needsDownload ? await models.download(info) : null;
  let target = download ? null : await models.embedder(userId, targetId);
  await target?.embedMany(["probe"]);
  // What an earlier, unfinished switch left behind.
  await db.delete(vectorChunks).where(and(eq(vectorChunks.userId, userId), ne(vectorChunks.model, from)));
  const total = (await missing(db, userId, from, targetId)).length;
  const job: ModelSwitch = {
    target: targetId,
    state: download ? "downloading" : "embedding",
    downloadProgress: () => models.downloads?.progress(info.modelId) ?? null,
    done: 0,
    total,
    cancel: new AbortController(),
  };
  models.switches.set(userId, job);
  void (async () => {
    if (download) {
      await download.finished;
      if (job.cancel.signal.aborted) return;
      target = await models.embedder(userId, targetId);
      await target.embedMany(["probe"]);
      job.state = "embedding";
    }
    if (!target) return;
    for (;;) {
      if (job.cancel.signal.aborted) return;
      const objects = await missing(db, userId, from, targetId, OBJECTS_PER_STEP);
      if (objects.length === 0) break;
      await reembed(db, userId, from, target, objects);
      job.done = Math.min(job.total, job.done + objects.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (job.cancel.signal.aborted) return;
    await models.choose(userId, targetId);
    await db
      .delete(vectorChunks)
      .where(and(eq(vectorChunks.userId, userId), ne(vectorChunks.model, targetId)));
    await db.execute(sql`analyze vector_chunks`);
    job.done = job.total;
    job.state = "done";
  })().catch(async (err: unknown) => {
    job.state = "failed";
    job.error = (err as Error).message;
    await db
      .delete(vectorChunks)
      .where(and(eq(vectorChunks.userId, userId), eq(vectorChunks.model, targetId)))
      .catch(() => {});
  });
  return job;
}
