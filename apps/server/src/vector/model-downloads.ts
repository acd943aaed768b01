import fs from "node:fs";
import path from "node:path";
import { DownloadError, downloadHubFile, startSignal } from "../downloads/hub-file";

/** A sentence-embedding model the server can download from the Hub, in transformers.js's layout. */
export interface DownloadableEmbedding {
  /** Its folder under `<DATA_DIR>/embedding-models/` (the model id after `transformers:`). */
  name: string;
  repo: string;
  dimensions: number;
  /**
   * Its files, in the order they are fetched: the weights first (pinned by sha256 and size, so a Hub
   * offering another file is refused before anything is kept), then the small JSON files (checked by parsing).
   */
  files: { path: string; sha256?: string; bytes?: number }[];
}

/** all-MiniLM-L6-v2, quantized ONNX (transformers.js's export on the Hub): 384 dimensions. */
export const MINILM: DownloadableEmbedding = {
  name: "all-MiniLM-L6-v2",
  repo: "Xenova/all-MiniLM-L6-v2",
  dimensions: 384,
  files: [
    {
      path: "onnx/model_quantized.onnx",
      sha256: "afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1",
      bytes: 22_972_370,
    },
    { path: "config.json" },
    { path: "tokenizer.json" },
    { path: "tokenizer_config.json" },
  ],
};

export interface EmbeddingDownload {
  state: "downloading" | "verifying" | "done" | "failed";
  receivedBytes: number;
  totalBytes: number | null;
  error?: string;
}

interface Job extends EmbeddingDownload {
  /** Settles once the Hub answered (bytes are coming) or the download ended; rejects when it failed first. */
  started: Promise<void>;
  finished: Promise<void>;
}

/** The pinned files' sizes, plus the small ones once known. */
const pinnedBytes = (model: DownloadableEmbedding) => model.files.reduce((sum, f) => sum + (f.bytes ?? 0), 0);

/**
 * Downloads of embedding models into the data directory, with progress: each file resumable and
 * verified (downloadHubFile), the folder moved into place only when every file is there, so the
 * model is listed (transformersModels) only once whole. One download per model at a time.
 */
export class EmbeddingDownloads {
  private readonly jobs = new Map<string, Job>();
  private readonly controller = new AbortController();

  constructor(
    private readonly options: {
      dir: string;
      hubUrl: string;
      token?: string;
      catalog?: DownloadableEmbedding[];
    },
  ) {}

  get catalog(): DownloadableEmbedding[] {
    return this.options.catalog ?? [MINILM];
  }

  installed(name: string): boolean {
    return fs.existsSync(path.join(this.options.dir, name));
  }

  /** The download's progress, or null when none was started on this node. */
  progress(name: string): EmbeddingDownload | null {
    const job = this.jobs.get(name);
    if (!job) return null;
    const { started: _s, finished: _f, ...progress } = job;
    return progress;
  }

  /**
   * Starts (or joins) the download and waits until the Hub answered: rejects with a DownloadError
   * (no network, no such file) before any byte is written. `finished` then settles with the download.
   */
  async begin(name: string): Promise<{ finished: Promise<void> }> {
    const job = this.job(name);
    await job.started;
    return { finished: job.finished };
  }

  private job(name: string): Job {
    const model = this.catalog.find((m) => m.name === name);
    if (!model) throw new DownloadError(`No downloadable embedding model '${name}'`);
    const running = this.jobs.get(name);
    if (running && (running.state === "downloading" || running.state === "verifying")) return running;
    const { started, markStarted, markFailed } = startSignal();
    const job: Job = {
      state: "downloading",
      receivedBytes: 0,
      totalBytes: pinnedBytes(model) || null,
      started,
      finished: Promise.resolve(),
    };
    this.jobs.set(name, job);
    job.finished = this.download(model, job, markStarted).then(
      () => {
        job.state = "done";
        markStarted();
      },
      (err: unknown) => {
        job.state = "failed";
        job.error = (err as Error).message;
        markFailed(err instanceof DownloadError ? err : new DownloadError((err as Error).message));
        throw err;
      },
    );
    job.finished.catch(() => {});
    return job;
  }

  private async download(model: DownloadableEmbedding, job: Job, started: () => void): Promise<void> {
    const root = path.join(this.options.dir, ".partial", model.name);
    const ready = path.join(root, "ready");
    const finalDir = path.join(this.options.dir, model.name);
    if (fs.existsSync(finalDir)) return;
    let before = 0;
    for (const file of model.files) {
      let counted = Boolean(file.bytes);
      const finalPath = path.join(ready, file.path);
      const done = await downloadHubFile({
        hubUrl: this.options.hubUrl,
        repo: model.repo,
        file: file.path,
        finalPath,
        partialDir: path.join(root, "parts", path.dirname(file.path)),
        expected: file.sha256 && file.bytes ? { sha256: file.sha256, bytes: file.bytes } : undefined,
        unverified: !file.sha256,
        token: this.options.token,
        signal: this.controller.signal,
        onProgress: (p) => {
          job.state = p.state;
          job.receivedBytes = before + p.receivedBytes;
          if (!counted && p.totalBytes) {
            counted = true;
            job.totalBytes = (job.totalBytes ?? 0) + p.totalBytes;
          }
          started();
        },
      });
      if (file.path.endsWith(".json")) {
        try {
          JSON.parse(fs.readFileSync(finalPath, "utf8"));
        } catch {
          fs.rmSync(finalPath, { force: true });
          throw new DownloadError(
            `${file.path} of ${model.repo} is not valid JSON; the download was discarded`,
          );
        }
      }
      if (!counted) job.totalBytes = (job.totalBytes ?? 0) + done.bytes;
      before += done.bytes;
    }
    job.receivedBytes = before;
    job.totalBytes = before;
    // Another node sharing the data directory may have finished first.
    if (!fs.existsSync(finalDir)) fs.renameSync(ready, finalDir);
    fs.rmSync(root, { recursive: true, force: true });
    try {
      fs.rmdirSync(path.dirname(root)); // only when empty: other models' partial downloads are kept
    } catch {
      /* not empty */
    }
  }

  close(): void {
    this.controller.abort();
  }
}
