// `npm run model:pull -- <name>`: downloads a GGUF model into DATA_DIR/models with a progress
// bar; resumable (run it again after an interruption), checked against the Hub's sha256.
import path from "node:path";
import { localModelCatalog } from "@neuroos/contracts";
import { DownloadError, type DownloadProgress } from "../../downloads/hub-file";
import { loadEnv } from "../../env";
import { pullModel, pullTarget } from "./pull";

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

function bar(p: DownloadProgress): string {
  if (!p.totalBytes) return `${p.state} ${mb(p.receivedBytes)}`;
  const ratio = Math.min(1, p.receivedBytes / p.totalBytes);
  const width = 30;
  const filled = Math.round(ratio * width);
  return `${p.state} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${(ratio * 100).toFixed(1)}% ${mb(p.receivedBytes)} / ${mb(p.totalBytes)}`;
}

async function main(): Promise<number> {
  const name = process.argv[2] ?? localModelCatalog[0].name;
  if (name === "--help" || name === "-h") {
    console.log(
      `usage: npm run model:pull -- <name>\n  names: ${localModelCatalog.map((m) => m.name).join(", ")}, or owner/repo/file.gguf`,
    );
    return 0;
  }
  const env = loadEnv();
  const modelsDir = path.join(env.DATA_DIR, "models");
  const target = pullTarget(name);
  console.log(`Downloading ${target.repo}/${target.file} into ${modelsDir}`);
  const tty = process.stderr.isTTY;
  let lastPct = -10;
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const result = await pullModel(target, {
    modelsDir,
    hubUrl: env.HF_ENDPOINT,
    token: env.HF_TOKEN,
    signal: controller.signal,
    onProgress: (p) => {
      if (tty) process.stderr.write(`\r${bar(p)}   `);
      else if (p.totalBytes && (p.receivedBytes / p.totalBytes) * 100 >= lastPct + 10) {
        lastPct = Math.floor(((p.receivedBytes / p.totalBytes) * 100) / 10) * 10;
        process.stderr.write(`${bar(p)}\n`);
      }
    },
  });
  if (tty) process.stderr.write("\n");
  console.log(
    `Ready: ${result.path} (${mb(result.bytes)}${result.sha256 ? `, sha256 ${result.sha256}` : ", already present"})`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (process.stderr.isTTY) process.stderr.write("\n");
    console.error(err instanceof DownloadError ? `model:pull failed: ${err.message}` : err);
    process.exit(1);
  },
);
