import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { ModuleCheck } from "../platform/module-check";

/** Vector DB: the pgvector extension is available in the database. */
export function vectorDbCheck(database: Database): ModuleCheck {
  return {
    id: "vector-db",
    name: "Vector DB",
    async check() {
      const result = await database.db.execute(
        sql`select 1 as present from pg_extension where extname = 'vector'`,
      );
      const loaded = (result as unknown as { rows: unknown[] }).rows.length > 0;
      return loaded
        ? { status: "active", description: "pgvector loaded: semantic search uses HNSW indexes" }
        : {
            status: "warning",
            description: "No pgvector on this database: semantic search scans exactly (cosine in SQL)",
          };
    },
  };
}

/** File I/O: the data directory (where workspaces live) accepts writes. */
export function fileIoCheck(dataDir: string): ModuleCheck {
  return {
    id: "file-io",
    name: "File I/O",
    async check() {
      const probe = path.join(dataDir, `.write-probe-${process.pid}`);
      try {
        await fs.mkdir(dataDir, { recursive: true });
        await fs.writeFile(probe, "ok");
        await fs.rm(probe, { force: true });
        return { status: "active", description: "Workspace storage is writable" };
      } catch (err) {
        return {
          status: "error",
          description: `Workspace storage is not writable: ${(err as Error).message}`,
        };
      }
    },
  };
}
