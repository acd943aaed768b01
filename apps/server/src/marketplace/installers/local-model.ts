import { localModelCatalog } from "@neuroos/contracts";
import { DownloadError, downloadUnavailable } from "../../downloads/hub-file";
import type { PullManager } from "../../llm/local/pull-manager";
import type { Installer } from "../installer";

type Payload = { model: string };

/** Starts (or joins) the download; a Hub that cannot be reached is said plainly, before anything is recorded. */
async function begin(pulls: PullManager, name: string): Promise<void> {
  try {
    await pulls.begin(name);
  } catch (err) {
    throw err instanceof DownloadError ? downloadUnavailable(err) : err;
  }
}

/**
 * A local model (GGUF) is downloaded to the server for the local provider, with progress. The file
 * is shared: the last uninstall deletes it, unless it was on the server before the marketplace
 * fetched it (an admin's download from Settings stays).
 */
export function localModelInstaller(deps: { pulls: PullManager }): Installer<Payload> {
  return {
    describe: (p) => {
      const model = localModelCatalog.find((m) => m.name === p.model);
      const size = model ? ` (about ${Math.round(model.approxBytes / 1e6)} MB)` : "";
      return `Downloads ${model?.title ?? p.model}${size} to the server, for the local model provider.`;
    },
    async install({ payload, peers }) {
      const others = await peers();
      const present = deps.pulls.find(payload.model)?.installed ?? false;
      // Shared by every install of the model: whether the marketplace brought the file.
      const fetched = others.length > 0 ? others.some((e) => e.fetched === true) : !present;
      if (!present) await begin(deps.pulls, payload.model);
      return { fetched };
    },
    async resume({ payload }) {
      await begin(deps.pulls, payload.model);
    },
    async progress({ payload }) {
      const model = deps.pulls.find(payload.model);
      if (!model || model.installed) return null;
      const download = model.download;
      if (download?.state === "downloading" || download?.state === "verifying")
        return {
          state: "installing",
          progress: { done: download.receivedBytes, total: download.totalBytes, unit: "bytes" },
          message: download.state === "verifying" ? "Verifying the checksum" : "Downloading",
        };
      return {
        state: "failed",
        progress: null,
        message: download?.error
          ? `Download failed: ${download.error}`
          : "The download stopped before it finished: install again to resume it",
      };
    },
    async uninstall({ payload, peers }, effect) {
      if (effect.fetched !== true || (await peers()).length > 0) return;
      await deps.pulls.remove(payload.model);
    },
  };
}
