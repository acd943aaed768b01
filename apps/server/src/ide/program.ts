import path from "node:path/posix";
import type { ExecutionLanguage } from "@neuroos/contracts";
import { build, type Plugin } from "esbuild";
import { AppError } from "../http/errors";
import { CompilerStopped, compileWithEsbuild } from "../jobs/esbuild";
import type { Owner, WorkspaceService } from "../workspace/service";

/** The language of a file by its extension (spec: .ts/.tsx/.js → typescript, .py, .html, .css, else plaintext). */
export function languageOfFile(file: string): string {
  const ext = path.extname(file).toLowerCase();
  if ([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"].includes(ext)) return "typescript";
  if (ext === ".py") return "python";
  if (ext === ".html" || ext === ".htm") return "html";
  if (ext === ".css") return "css";
  return "plaintext";
}

export const unsupportedLanguage = (lang: string) => `Language ${lang} not supported for execution`;

/**
 * Bundles a JavaScript or TypeScript file of the workspace with the workspace files it imports
 * (relative imports; packages stay outside), reading every file through the workspace's path
 * guard: a symlink out of the workspace is refused like any other path.
 */
async function bundle(workspaces: WorkspaceService, owner: Owner, entry: string): Promise<string> {
  const workspace: Plugin = {
    name: "workspace",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return { path: entry, namespace: "workspace" };
        if (!args.path.startsWith(".") && !args.path.startsWith("/")) return { external: true };
        const base = args.path.startsWith("/")
          ? args.path
          : path.join(path.dirname(args.importer), args.path);
        return { path: path.normalize(base), namespace: "workspace" };
      });
      b.onLoad({ filter: /.*/, namespace: "workspace" }, async (args) => {
        const candidates = path.extname(args.path)
          ? [args.path, args.path.replace(/\.js$/, ".ts")]
          : [".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.js"].map((ext) => args.path + ext);
        for (const candidate of candidates) {
          try {
            const file = await workspaces.read(owner, candidate);
            if (file.encoding !== "utf8")
              throw new AppError(422, "validation_failed", `${candidate} is not text`);
            const ext = path.extname(candidate).slice(1);
            const loader = ext === "tsx" || ext === "jsx" ? ext : ext.endsWith("ts") ? "ts" : "js";
            return { contents: file.content, loader, resolveDir: path.dirname(candidate) };
          } catch (err) {
            if (err instanceof AppError && err.status === 404) continue;
            throw err;
          }
        }
        return { errors: [{ text: `Cannot find ${args.path} in your workspace` }] };
      });
    },
  };
  try {
    const result = await compileWithEsbuild(() =>
      build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        platform: "node",
        format: "esm",
        target: "node20",
        logLevel: "silent",
        plugins: [workspace],
      }),
    );
    return result.outputFiles[0]?.text ?? "";
  } catch (err) {
    if (err instanceof CompilerStopped) throw new AppError(422, "validation_failed", err.message);
    const first = (
      err as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }
    ).errors?.[0];
    const where = first?.location
      ? `${first.location.file.replace(/^workspace:/, "")}:${first.location.line}:${first.location.column}: `
      : "";
    throw new AppError(422, "validation_failed", `${where}${first?.text ?? (err as Error).message}`);
  }
}

/** What runs a workspace file in the sandbox: its language for the log and the program. */
export async function programForFile(
  workspaces: WorkspaceService,
  owner: Owner,
  file: string,
): Promise<{ language: ExecutionLanguage; code: string }> {
  const lang = languageOfFile(file);
  if (lang === "python") {
    // It exists, is a file, inside the workspace; its workspace path is its path in the sandbox.
    const inSandbox = (await workspaces.read(owner, file)).path;
    // The file runs as itself (tracebacks name it), its folder first on the import path.
    const code = [
      "import runpy, sys",
      `sys.path.insert(0, ${JSON.stringify(path.dirname(inSandbox))})`,
      `sys.argv = [${JSON.stringify(inSandbox)}]`,
      `runpy.run_path(${JSON.stringify(inSandbox)}, run_name="__main__")`,
    ].join("\n");
    return { language: "python", code };
  }
  if (lang === "typescript") {
    const ext = path.extname(file).toLowerCase();
    const language: ExecutionLanguage = [".js", ".jsx", ".mjs", ".cjs"].includes(ext)
      ? "javascript"
      : "typescript";
    return { language, code: await bundle(workspaces, owner, file) };
  }
  throw new AppError(422, "validation_failed", unsupportedLanguage(lang));
}
