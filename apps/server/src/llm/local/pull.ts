import path from "node:path";
import { localModelCatalog } from "@neuroos/contracts";
import { DownloadError, type DownloadProgress, downloadHubFile } from "../../downloads/hub-file";

export interface PullTarget {
  name: string;
  repo: string;
  file: string;
}

export interface PullOptions {
  modelsDir: string;
  /** Hugging Face Hub address (HF_ENDPOINT). */
  hubUrl: string;
  token?: string;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  fetch?: typeof fetch;
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
  throw new DownloadError(
    `Unknown model '${name}'. Use one of ${known}, or owner/repo/file.gguf from Hugging Face.`,
  );
}

/**
 * Downloads a GGUF model from the Hugging Face Hub into `modelsDir` (resumable from `.partial/`,
 * checked against the sha256 the Hub publishes, moved into place once verified: downloadHubFile).
 */
export async function pullModel(
  target: PullTarget,
  options: PullOptions,
): Promise<{ path: string; sha256: string; bytes: number }> {
  const finalPath = path.join(options.modelsDir, target.file);
  const done = await downloadHubFile({
    hubUrl: options.hubUrl,
    repo: target.repo,
    file: target.file,
    finalPath,
    partialDir: path.join(options.modelsDir, ".partial"),
    token: options.token,
    onProgress: options.onProgress,
    signal: options.signal,
    fetch: options.fetch,
  });
  return { path: finalPath, ...done };
}
