import fs from "node:fs";
import path from "node:path";
import { type LocalModel, localModelCatalog } from "@neuroos/contracts";
import { DownloadError, type DownloadProgress, startSignal } from "../../downloads/hub-file";
import { listInstalled } from "./models-dir";
import { pullModel, pullTarget } from "./pull";

interface Job {
  name: string;
  file: string;
  state: "downloading" | "verifying" | "done" | "failed";
  receivedBytes: number;
  totalBytes: number | null;
  error?: string;
  cancel: AbortController;
  /** Settles when the download is under way (the Hub answered) or has ended; rejects when it failed. */
  started: Promise<void>;
  finished: Promise<void>;
}

/** Model downloads started from Settings or the marketplace: they run on the server, pages poll their progress. */
export class PullManager {
  private readonly jobs = new Map<string, Job>();
  private readonly controller = new AbortController();

  constructor(
    private readonly options: {
      modelsDir: string;
      hubUrl: string;
      token?: string;
      onError?: (err: unknown) => void;
    },
  ) {}

  /** Starts (or joins) the download of `name`; throws DownloadError for an unknown name. */
  start(name: string): LocalModel {
    return this.present(this.job(name).name);
  }

  /**
   * Starts (or joins) the download of `name` and waits until the Hub answered: rejects with the
   * DownloadError when it cannot be downloaded at all (no network, no such file), before any byte.
   */
  async begin(name: string): Promise<LocalModel> {
    const job = this.job(name);
    await job.started;
    return this.present(job.name);
  }

  /** Cancels a running download of `name` and deletes the model (and any partial download). */
  async remove(name: string): Promise<void> {
    const target = pullTarget(name);
    const job = this.jobs.get(target.name);
    if (job) {
      job.cancel.abort();
      await job.finished;
      this.jobs.delete(target.name);
    }
    fs.rmSync(path.join(this.options.modelsDir, target.file), { force: true });
    const partial = path.join(this.options.modelsDir, ".partial");
    for (const suffix of [".part", ".json"])
      fs.rmSync(path.join(partial, `${target.file}${suffix}`), { force: true });
    try {
      fs.rmdirSync(partial); // only when empty: other partial downloads are kept for resuming
    } catch {
      /* not empty, or not there */
    }
  }

  /** The model as listed (installed, download progress); null for an unknown name. */
  find(name: string): LocalModel | null {
    return this.list().find((m) => m.name === name) ?? null;
  }

  private job(name: string): Job {
    const target = pullTarget(name);
    const running = this.jobs.get(target.name);
    if (running && (running.state === "downloading" || running.state === "verifying")) return running;
    const cancel = new AbortController();
    const { started, markStarted, markFailed } = startSignal();
    const job: Job = {
      name: target.name,
      file: target.file,
      state: "downloading",
      receivedBytes: 0,
      totalBytes: null,
      cancel,
      started,
      finished: Promise.resolve(),
    };
    this.jobs.set(target.name, job);
    job.finished = pullModel(target, {
      modelsDir: this.options.modelsDir,
      hubUrl: this.options.hubUrl,
      token: this.options.token,
      signal: AbortSignal.any([this.controller.signal, cancel.signal]),
      onProgress: (p: DownloadProgress) => {
        Object.assign(job, p);
        markStarted();
      },
    }).then(
      (done) => {
        Object.assign(job, { state: "done", receivedBytes: done.bytes, totalBytes: done.bytes });
        markStarted();
      },
      (err: unknown) => {
        Object.assign(job, { state: "failed", error: (err as Error).message });
        markFailed(err instanceof DownloadError ? err : new DownloadError((err as Error).message));
        if (!cancel.signal.aborted) this.options.onError?.(err);
      },
    );
    return job;
  }

  private present(name: string): LocalModel {
    return this.list().find((m) => m.name === name) as LocalModel;
  }

  /** The catalog and every installed GGUF, with download progress. */
  list(): LocalModel[] {
    const installed = listInstalled(this.options.modelsDir);
    const names = new Set<string>();
    const out: LocalModel[] = [];
    const add = (name: string, title: string, file: string) => {
      if (names.has(name)) return;
      names.add(name);
      const found = installed.find((m) => m.name === name);
      const job = this.jobs.get(name);
      out.push({
        name,
        title,
        file,
        installed: Boolean(found),
        sizeBytes: found?.sizeBytes ?? null,
        download: job
          ? {
              state: job.state,
              receivedBytes: job.receivedBytes,
              totalBytes: job.totalBytes,
              ...(job.error ? { error: job.error } : {}),
            }
          : null,
      });
    };
    for (const m of localModelCatalog) add(m.name, m.title, m.file);
    for (const m of installed) add(m.name, m.name, m.file);
    for (const job of this.jobs.values()) add(job.name, job.name, job.file);
    return out;
  }

  close(): void {
    this.controller.abort();
  }
}
