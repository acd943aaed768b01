import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "check-structure.mjs");
let tree;

/** A repository of the given files (path → text), with the folders and map the check reads. */
function repo(files) {
  tree = mkdtempSync(path.join(os.tmpdir(), "structure-"));
  const all = {
    "docs/ARCHITECTURE.md": "# map\n",
    "packages/contracts/src/index.ts": "export {};\n",
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  const run = spawnSync(process.execPath, [script], {
    env: { ...process.env, STRUCTURE_ROOT: tree },
    encoding: "utf8",
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => rmSync(tree, { recursive: true, force: true }));

const fine = {
  "apps/server/src/db/client.ts": "export const db = 1;\n",
  "apps/server/src/notes/routes.ts": 'import { db } from "../db/client";\nexport const r = db;\n',
  "apps/web/src/lib/cn.ts": "export const cn = 1;\n",
  "apps/web/src/components/ui/button.tsx": 'import { cn } from "@/lib/cn";\nexport const b = cn;\n',
  "apps/web/src/features/notes/index.ts": 'export { page } from "./page";\n',
  "apps/web/src/features/notes/page.tsx":
    'import { b } from "@/components/ui/button";\nexport const page = b;\n',
  "apps/web/src/features/todo/page.tsx":
    'import { page } from "@/features/notes";\nexport const todo = page;\n',
};

describe("the structure check", () => {
  it("passes a tree that keeps its floors", () => {
    const { status, output } = repo(fine);
    expect(output).toContain("Structure check passed");
    expect(status).toBe(0);
  });

  it("fails on an import from a higher floor, by alias or relative path", () => {
    const { status, output } = repo({
      ...fine,
      "apps/web/src/lib/api.ts": 'import { b } from "@/components/ui/button";\nexport const a = b;\n',
      "apps/web/src/components/ui/card.tsx":
        'import { page } from "../../features/notes";\nexport const c = page;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain(
      'apps/web/src/lib/api.ts: imports "@/components/ui/button" from a floor above its own',
    );
    expect(output).toContain(
      'apps/web/src/components/ui/card.tsx: imports "../../features/notes" from a floor above its own',
    );
  });

  it("fails on a feature's internal file reached from another feature", () => {
    const { status, output } = repo({
      ...fine,
      "apps/web/src/features/todo/page.tsx":
        'import { page } from "@/features/notes/page";\nexport const todo = page;\n',
    });
    expect(status).toBe(1);
    expect(output).toContain("an internal file of the feature 'notes'");
  });

  it("fails on a cycle between server folders and between web features", () => {
    const { status, output } = repo({
      ...fine,
      "apps/server/src/db/client.ts": 'import { r } from "../notes/routes";\nexport const db = r;\n',
      "apps/web/src/features/notes/page.tsx":
        'import { todo } from "@/features/todo/page";\nexport const page = todo;\n',
    });
    expect(status).toBe(1);
    expect(output).toMatch(/an import cycle between server folders: db, notes/);
    expect(output).toMatch(/an import cycle between web features: notes, todo/);
  });

  it("fails on a screen that calls the API itself, and on a file over 400 lines", () => {
    const { status, output } = repo({
      ...fine,
      "apps/web/src/features/notes/load.ts": 'export const load = () => fetch("/api/notes");\n',
      "apps/server/src/notes/long.ts": "export const x = 1;\n".repeat(401),
    });
    expect(status).toBe(1);
    expect(output).toContain("apps/web/src/features/notes/load.ts: calls the server itself");
    expect(output).toContain("apps/server/src/notes/long.ts: 401 lines");
  });
});
