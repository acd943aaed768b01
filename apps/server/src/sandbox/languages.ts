import type { ExecutionLanguage } from "@neuroos/contracts";
import { transform } from "esbuild";
import { compileWithEsbuild } from "../jobs/esbuild";

/** Where the program is placed inside the sandbox (a read-only file in the private /tmp). */
export interface Program {
  file: string;
  source: string;
  argv: string[];
}

export class CompileError extends Error {}

/** CommonJS or ES module (import/export, top-level await), as the code itself says. */
const NODE = ["node", "--experimental-detect-module"];

/**
 * Turns code into the file and command that run it inside the sandbox. TypeScript is
 * transpiled here, on the server (types are stripped, not checked), then run by node.
 */
export async function prepareProgram(language: ExecutionLanguage, code: string): Promise<Program> {
  switch (language) {
    case "python":
      return { file: "/tmp/main.py", source: code, argv: ["python3", "-u", "/tmp/main.py"] };
    case "javascript":
      return { file: "/tmp/main.js", source: code, argv: [...NODE, "/tmp/main.js"] };
    case "typescript": {
      let source: string;
      try {
        source = (
          await compileWithEsbuild(() =>
            transform(code, { loader: "ts", target: "node20", sourcefile: "main.ts" }),
          )
        ).code;
      } catch (err) {
        const errors = (err as { errors?: { text: string; location?: { line: number; column: number } }[] })
          .errors;
        const first = errors?.[0];
        throw new CompileError(
          first
            ? `main.ts:${first.location?.line ?? 0}:${first.location?.column ?? 0}: ${first.text}`
            : (err as Error).message,
        );
      }
      return { file: "/tmp/main.js", source, argv: [...NODE, "/tmp/main.js"] };
    }
    case "bash":
      return { file: "/tmp/main.sh", source: code, argv: ["bash", "/tmp/main.sh"] };
    case "sh":
      return { file: "/tmp/main.sh", source: code, argv: ["sh", "/tmp/main.sh"] };
  }
}
