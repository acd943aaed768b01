// A single-file write of the files API (issue 26), at 10 files and at 5,000 files in the workspace
// (WorkspaceService.writeBytes over PGlite, a 1 KB file, median of BENCH_WRITES writes each).
// Reference, same run: the walk of the whole workspace every write used to make for the quota
// (ops.ts usage()), at the same two sizes. Target: the write at 5,000 files within 2x of the
// write at 10. Run: npm run bench:workspace-write
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../apps/server/src/db/client.ts";
import { users } from "../apps/server/src/db/schema/index.ts";
import { usage } from "../apps/server/src/workspace/ops.ts";
import { WorkspaceService } from "../apps/server/src/workspace/service.ts";

const WRITES = Number(process.env.BENCH_WRITES ?? 50);
const FILES = Number(process.env.BENCH_FILES ?? 5000);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n) => `${n.toFixed(2)} ms`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "neuroos-bench-write-"));
const database = await openPglite();
await database.migrate();
const [user] = await database.db
  .insert(users)
  .values({ email: "bench@example.com", username: "bench", passwordHash: "-" })
  .returning();
const owner = { id: user.id, plan: "pro" };
const MB = 1024 * 1024;
const workspaces = new WorkspaceService(database.db, dataDir, {
  free: { maxFileBytes: MB, maxWorkspaceBytes: 100 * MB },
  pro: { maxFileBytes: MB, maxWorkspaceBytes: 1024 * MB },
});
const root = await workspaces.root(owner);
const data = Buffer.alloc(1024, 120);

async function measure() {
  const walks = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await usage(root);
    walks.push(performance.now() - start);
  }
  const writes = [];
  for (let i = 0; i < WRITES; i++) {
    const start = performance.now();
    await workspaces.writeBytes(owner, `/home/user/bench-${i % 5}.txt`, data, true);
    writes.push(performance.now() - start);
  }
  const found = await usage(root);
  return { files: found.totalFiles, write: median(writes), walk: median(walks) };
}

await workspaces.stats(owner); // the first walk makes the figure
const small = await measure();
mkdirSync(path.join(root, "many"));
for (let i = 0; i < FILES; i++) writeFileSync(path.join(root, "many", `f${i}.txt`), "x");
await workspaces.stats(owner); // as after code ran: the walk sets the figure from the disk
const large = await measure();

console.log("single-file write of the files API (median)");
for (const r of [small, large])
  console.log(
    `  at ${String(r.files).padStart(5)} files: write ${ms(r.write)}   (reference: walk ${ms(r.walk)})`,
  );
const ratio = large.write / small.write;
console.log(`  write at ${large.files} / at ${small.files} files: ${ratio.toFixed(2)}x (target <= 2x)`);
console.log(`  old cost per write at ${large.files} files (the walk): ${ms(large.walk)}`);
await database.close();
rmSync(dataDir, { recursive: true, force: true });
