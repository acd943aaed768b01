import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { localModelCatalog } from "@neuroos/contracts";
import { lockDownload } from "./download-lock";

export interface PullTarget {
  name: string;
  repo: string;
  file: string;
}

export interface PullProgress {
  state: "downloading" | "verifying";
  receivedBytes: number;
  totalBytes: number | null;
}

export interface PullOptions {
  modelsDir: string;
  /** Hugging Face Hub address (HF_ENDPOINT). */
  hubUrl: string;
  token?: string;
  onProgress?: (p: PullProgress) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export class PullError extends Error {
  override name = "PullError";
  constructor(
    message: string,
    /** The Hub could not be reached at all: no network (or a wrong HF_ENDPOINT). */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

const SAFE_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A catalog name, or `owner/repo/file.gguf` of any GGUF on the Hub. */
export function pullTarget(name: string): PullTarget {
  const catalog = localModelCatalog.find((m) => m.name === name.toLowerCase());
  if (catalog) return { name: catalog.name, repo: catalog.repo, file: catalog.file };
  const parts = name.split("/");
  if (
    parts.length === 3 &&
    parts.every((p) => SAFE_PART.test(p)) &&
    parts[2]?.toLowerCase().endsWith(".gguf")
  ) {
    const [owner, repo, file] = parts as [string, string, string];
    return { name: file.replace(/\.gguf$/i, ""), repo: `${owner}/${repo}`, file };
  }
  const known = localModelCatalog.map((m) => m.name).join(", ");
  throw new PullError(
    `Unknown model '${name}'. Use one of ${known}, or owner/repo/file.gguf from Hugging Face.`,
  );
}

function reachError(url: string, err: unknown): PullError {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err as Error).message;
  return new PullError(
    `Cannot reach ${new URL(url).origin} (${why}). Check the network connection (or HF_ENDPOINT) and run again.`,
    true,
  );
}

async function hashFile(file: string, hash: Hash): Promise<void> {
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
}

/**
 * Downloads a GGUF model from the Hugging Face Hub into `modelsDir`: resumable (the partial
 * file in `.partial/` is continued with a Range request), checked against the sha256 the Hub
 * publishes for the file, and moved into place only once verified. With no network it fails
 * before writing anything.
 */
export async function pullModel(
  target: PullTarget,
  options: PullOptions,
): Promise<{ path: string; sha256: string; bytes: number }> {
  const doFetch = options.fetch ?? globalThis.fetch;
  const finalPath = path.join(options.modelsDir, target.file);
  if (fs.existsSync(finalPath)) {
    return { path: finalPath, sha256: "", bytes: fs.statSync(finalPath).size };
  }
  const url = `${options.hubUrl.replace(/\/+$/, "")}/${target.repo}/resolve/main/${target.file}`;
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};

  let head: Response;
  try {
    head = await doFetch(url, { method: "HEAD", headers: auth, redirect: "manual", signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted) throw new PullError("Download cancelled");
    throw reachError(url, err);
  }
  if (head.status === 401 || head.status === 403) {
    throw new PullError(
      `Hugging Face refused ${target.repo} (HTTP ${head.status}); set HF_TOKEN if the model is gated`,
    );
  }
  if (head.status === 404)
    throw new PullError(`${target.repo}/${target.file} does not exist on Hugging Face`);
  if (head.status >= 400) throw new PullError(`Hugging Face answered HTTP ${head.status} for ${target.file}`);
  const expected = (head.headers.get("x-linked-etag") ?? "")
    .replace(/^W\//, "")
    .replace(/"/g, "")
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(expected)) {
    throw new PullError(
      `Hugging Face did not publish a sha256 for ${target.file}; refusing an unverifiable download`,
    );
  }
  const totalBytes = Number(head.headers.get("x-linked-size") ?? head.headers.get("content-length")) || null;

  const partialDir = path.join(options.modelsDir, ".partial");
  fs.mkdirSync(partialDir, { recursive: true });
  const partFile = path.join(partialDir, `${target.file}.part`);
  const metaFile = path.join(partialDir, `${target.file}.json`);
  const release = lockDownload(
    path.join(partialDir, `${target.file}.lock`),
    () => new PullError("Another download of this model is running"),
  );
  try {
    // A partial file of another revision is discarded.
    const meta = fs.existsSync(metaFile)
      ? (JSON.parse(fs.readFileSync(metaFile, "utf8")) as { sha256?: string })
      : {};
    if (meta.sha256 !== expected) fs.rmSync(partFile, { force: true });
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
        if (options.signal?.aborted) throw new PullError("Download cancelled; run again to resume");
        throw reachError(url, err);
      }
      if (!res.ok || !res.body)
        throw new PullError(`Hugging Face answered HTTP ${res.status} for ${target.file}`);
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
          if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
          const now = Date.now();
          if (now - lastReport > 200) {
            lastReport = now;
            options.onProgress?.({ state: "downloading", receivedBytes: received, totalBytes });
          }
        }
      } catch (err) {
        const pct = totalBytes ? ` at ${Math.floor((received / totalBytes) * 100)}%` : "";
        if (options.signal?.aborted) throw new PullError(`Download cancelled${pct}; run again to resume`);
        throw new PullError(`Download interrupted${pct} (${(err as Error).message}); run again to resume`);
      } finally {
        await new Promise<void>((resolve) => out.end(resolve));
      }
      have = received;
    }
    options.onProgress?.({ state: "verifying", receivedBytes: have, totalBytes });
    const actual = hash.digest("hex");
    if ((totalBytes !== null && have !== totalBytes) || actual !== expected) {
      fs.rmSync(partFile, { force: true });
      fs.rmSync(metaFile, { force: true });
      throw new PullError(
        `Checksum mismatch for ${target.file} (expected sha256 ${expected}, got ${actual}); the download was discarded, run again`,
      );
    }
    fs.renameSync(partFile, finalPath);
    fs.rmSync(metaFile, { force: true });
    return { path: finalPath, sha256: actual, bytes: have };
  } finally {
    release();
    try {
      fs.rmdirSync(partialDir); // only when empty: nothing left to resume
    } catch {
      /* another partial download is kept for resuming */
    }
  }
}
