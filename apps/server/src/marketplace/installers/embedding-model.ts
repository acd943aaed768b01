import type { Db } from "../../db/client";
import { publicSwitch, startModelSwitch } from "../../vector/model-switch";
import type { EmbeddingModels } from "../../vector/models";
import type { Installer } from "../installer";

type Payload = { modelId: string };

/**
 * An embedding model becomes the person's Vector Search model (their index re-embedded with
 * progress); uninstall goes back to the model they had before (the local one if that is gone).
 */
export function embeddingModelInstaller(deps: { db: Db; models: EmbeddingModels }): Installer<Payload> {
  const { db, models } = deps;
  return {
    describe: (p) =>
      `Makes ${models.info(p.modelId).name} your Vector Search model; your index is re-embedded with it.`,
    async install({ user, payload }) {
      const previous = await models.chosenId(user.id);
      await startModelSwitch(db, models, user.id, payload.modelId);
      return { previous };
    },
    async resume({ user, payload }) {
      await startModelSwitch(db, models, user.id, payload.modelId);
    },
    async progress({ user, payload }) {
      const job = models.switches.get(user.id);
      if (!job || job.target !== payload.modelId || job.state === "done") return null;
      if (job.state === "downloading") {
        const download = publicSwitch(job)?.download;
        return {
          state: "installing",
          progress: {
            done: download?.receivedBytes ?? 0,
            total: download?.totalBytes ?? null,
            unit: "bytes",
          },
          message: "Downloading the model to the server",
        };
      }
      if (job.state === "embedding")
        return {
          state: "installing",
          progress: { done: job.done, total: job.total, unit: "items" },
          message: "Re-embedding your index",
        };
      return {
        state: "failed",
        progress: null,
        message: `The switch failed: ${job.error ?? "unknown error"}`,
      };
    },
    async uninstall({ user, payload }, effect) {
      const job = models.switches.get(user.id);
      const using =
        (await models.chosenId(user.id)) === payload.modelId ||
        (job?.state === "embedding" && job.target === payload.modelId);
      if (!using) return;
      const previous = typeof effect.previous === "string" ? effect.previous : models.local.id;
      const back =
        previous !== payload.modelId && models.catalog.some((m) => m.id === previous)
          ? previous
          : models.local.id;
      await startModelSwitch(db, models, user.id, back).catch(() =>
        startModelSwitch(db, models, user.id, models.local.id),
      );
    },
  };
}
