import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "../http/errors";
import { lockDownload } from "./download-lock";

export interface DownloadProgress {
  state: "downloading" | "verifying";
  receivedBytes: number;
  totalBytes: number | null;
}

/** A download that cannot be made, in words a person can act on. */
export class DownloadError extends Error {
  override name = "DownloadError";
  constructor(
    message: string,
    /** The Hub could not be reached at all: no network (or a wrong HF_ENDPOINT). */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/** Settles once a download is under way (bytes are coming) or has ended; rejects when it failed before. */
export function startSignal(): {
  started: Promise<void>;
  markStarted(): void;
  markFailed(err: unknown): void;
} {
  let markStarted: () => void = () => {};
  let markFailed: (err: unknown) => void = () => {};
  const started = new Promise<void>((resolve, reject) => {
    markStarted = resolve;
    markFailed = reject;
  });
  started.catch(() => {});
  return { started, markStarted, markFailed };
}

/** What a person is told when a model download cannot start: 503, in words, before anything is recorded. */
export function downloadUnavailable(err: DownloadError): AppError {
  const why = err.unreachable
    ? `No network: this server cannot reach Hugging Face to download the model. ${err.message}`
    : `The model cannot be downloaded: ${err.message}`;
  return new AppError(503, "service_unavailable", why);
}

export interface HubFileOptions {
  /** Hugging Face Hub address (HF_ENDPOINT). */
  hubUrl: string;
  repo: string;
  /** The file's path in the repository (`onnx/model_quantized.onnx`). */
  file: string;
  /** Where the verified file is placed. */
  finalPath: string;
  /** Where the partial download (resumed by the next try) and its lock are kept. */
  partialDir: string;
  /**
   * The file's sha256 and size when the caller knows them (pinned): the Hub must announce the same.
   * Without it the Hub's announced sha256 is required, unless `unverified` (small metadata files,
   * which the Hub keeps in git and announces no sha256 for).
   */
  expected?: { sha256: string; bytes: number };
  unverified?: boolean;
  token?: string;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

function reachError(url: string, err: unknown): DownloadError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new DownloadError(
    `Cannot reach ${new URL(url).origin} (${why}). Check the network connection (or HF_ENDPOINT) and try again.`,
    true,
  );
}

async function hashFile(file: string, hash: Hash): Promise<void> {
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
}

/** The sha256 and size the Hub announces for a file it stores in LFS (none for files kept in git). */
async function announced(url: string, options: HubFileOptions, auth: Record<string, string>) {
  const doFetch = options.fetch ?? globalThis.fetch;
  let head: Response;
  try {
    head = await doFetch(url, { method: "HEAD", headers: auth, redirect: "manual", signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted) throw new DownloadError("Download cancelled");
    throw reachError(url, err);
  }
  if (head.status === 401 || head.status === 403) {
    throw new DownloadError(
      `Hugging Face refused ${options.repo} (HTTP ${head.status}); set HF_TOKEN if the model is gated`,
    );
  }
  if (head.status === 404)
    throw new DownloadError(`${options.repo}/${options.file} does not exist on Hugging Face`);
  if (head.status >= 400)
    throw new DownloadError(`Hugging Face answered HTTP ${head.status} for ${options.file}`);
  const sha256 = (head.headers.get("x-linked-etag") ?? "")
    .replace(/^W\//, "")
    .replace(/"/g, "")
    .toLowerCase();
  const size = Number(head.headers.get("x-linked-size") ?? head.headers.get("content-length")) || null;
  return { sha256: /^[0-9a-f]{64}$/.test(sha256) ? sha256 : null, size };
}

/**
 * Downloads one file of a Hugging Face Hub repository: resumable (the partial file is continued
 * with a Range request), checked against its sha256 (pinned by the caller, or the one the Hub
 * publishes), locked against a second download of the same file on any node sharing the folder,
 * and moved into place only once verified. With no network it fails before writing anything.
 */
export async function downloadHubFile(options: HubFileOptions): Promise<{ sha256: string; bytes: number }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const { finalPath, partialDir } = options;
  if (fs.existsSync(finalPath)) return { sha256: "", bytes: fs.statSync(finalPath).size };
  const url = `${options.hubUrl.replace(/\/+$/, "")}/${options.repo}/resolve/main/${options.file}`;
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const hub = await announced(url, options, auth);
  if (options.expected && hub.sha256 && hub.sha256 !== options.expected.sha256) {
    throw new DownloadError(
      `Hugging Face offers another version of ${options.file} (sha256 ${hub.sha256}, expected ${options.expected.sha256}); refusing it`,
    );
  }
  const expected = options.expected?.sha256 ?? hub.sha256;
  if (!expected && !options.unverified) {
    throw new DownloadError(
      `Hugging Face did not publish a sha256 for ${options.file}; refusing an unverifiable download`,
    );
  }
  const totalBytes = options.expected?.bytes ?? hub.size;

  const base = path.basename(finalPath);
  fs.mkdirSync(partialDir, { recursive: true });
  const partFile = path.join(partialDir, `${base}.part`);
  const metaFile = path.join(partialDir, `${base}.json`);
  const release = lockDownload(
    path.join(partialDir, `${base}.lock`),
    () => new DownloadError("Another download of this model is running"),
  );
  try {
    // A partial file of another revision (or an unverifiable one) is discarded.
    const meta = fs.existsSync(metaFile)
      ? (JSON.parse(fs.readFileSync(metaFile, "utf8")) as { sha256?: string | null })
      : {};
    if (!expected || meta.sha256 !== expected) fs.rmSync(partFile, { force: true });
    fs.writeFileSync(metaFile, JSON.stringify({ sha256: expected, totalBytes, url }));

    let hash = createHash("sha256");
    let have = fs.existsSync(partFile) ? fs.statSync(partFile).size : 0;
    if (totalBytes !== null && have > totalBytes) {
      fs.rmSync(partFile, { force: true });
      have = 0;
    }
    if (have > 0) await hashFile(partFile, hash);

    options.onProgress?.({ state: "downloading", receivedBytes: have, totalBytes });
    if (totalBytes === null || have < totalBytes) {
      let res: Response;
      try {
        res = await doFetch(url, {
          headers: { ...auth, ...(have > 0 ? { range: `bytes=${have}-` } : {}) },
          signal: options.signal,
        });
      } catch (err) {
        if (options.signal?.aborted) throw new DownloadError("Download cancelled; try again to resume");
        throw reachError(url, err);
      }
      if (!res.ok || !res.body)
        throw new DownloadError(`Hugging Face answered HTTP ${res.status} for ${options.file}`);
      if (have > 0 && res.status !== 206) {
        // The server ignored the Range and sends the whole file: start over.
        hash = createHash("sha256");
        have = 0;
      }
      const out = fs.createWriteStream(partFile, { flags: have > 0 ? "a" : "w" });
      let received = have;
      let lastReport = 0;
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          hash.update(chunk);
          received += chunk.length;
          if (totalBytes !== null && received > totalBytes)
            throw new Error(`more than the announced ${totalBytes} bytes`);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
          const now = Date.now();
          if (now - lastReport > 200) {
            lastReport = now;
            options.onProgress?.({ state: "downloading", receivedBytes: received, totalBytes });
          }
        }
      } catch (err) {
        const pct = totalBytes ? ` at ${Math.floor((received / totalBytes) * 100)}%` : "";
        if (options.signal?.aborted) throw new DownloadError(`Download cancelled${pct}; try again to resume`);
        throw new DownloadError(
          `Download interrupted${pct} (${(err as Error).message}); try again to resume`,
        );
      } finally {
        await new Promise<void>((resolve) => out.end(resolve));
      }
      have = received;
    }
    options.onProgress?.({ state: "verifying", receivedBytes: have, totalBytes });
    const actual = hash.digest("hex");
    if ((totalBytes !== null && have !== totalBytes) || (expected && actual !== expected)) {
      fs.rmSync(partFile, { force: true });
      fs.rmSync(metaFile, { force: true });
      throw new DownloadError(
        `Checksum mismatch for ${options.file} (expected sha256 ${expected}, got ${actual}); the download was discarded, try again`,
      );
    }
    fs.mkdirSync(path.dirname(finalPath), { recursive: true });
    fs.renameSync(partFile, finalPath);
    fs.rmSync(metaFile, { force: true });
    return { sha256: actual, bytes: have };
  } finally {
    release();
    try {
      fs.rmdirSync(partialDir); // only when empty: nothing left to resume
    } catch {
      /* another partial download is kept for resuming */
    }
  }
}
