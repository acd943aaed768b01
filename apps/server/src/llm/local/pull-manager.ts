import { type LocalModel, localModelCatalog } from "@neuroos/contracts";
import { listInstalled } from "./models-dir";
import { type PullProgress, pullModel, pullTarget } from "./pull";

interface Job {
  name: string;
  file: string;
  state: "downloading" | "verifying" | "done" | "failed";
  receivedBytes: number;
  totalBytes: number | null;
  error?: string;
}

/** Model downloads started from Settings: they run on the server, the page polls their progress. */
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

  /** Starts (or joins) the download of `name`; throws PullError for an unknown name. */
  start(name: string): LocalModel {
    const target = pullTarget(name);
    const running = this.jobs.get(target.name);
    if (running && (running.state === "downloading" || running.state === "verifying"))
      return this.present(target.name);
    const job: Job = {
      name: target.name,
      file: target.file,
      state: "downloading",
      receivedBytes: 0,
      totalBytes: null,
    };
    this.jobs.set(target.name, job);
    pullModel(target, {
      modelsDir: this.options.modelsDir,
      hubUrl: this.options.hubUrl,
      token: this.options.token,
      signal: this.controller.signal,
      onProgress: (p: PullProgress) => Object.assign(job, p),
    }).then(
      (done) => Object.assign(job, { state: "done", receivedBytes: done.bytes, totalBytes: done.bytes }),
      (err: unknown) => {
        Object.assign(job, { state: "failed", error: (err as Error).message });
        this.options.onError?.(err);
      },
    );
    return this.present(target.name);
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
