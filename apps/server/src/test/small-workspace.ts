import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FileStats } from "@neuroos/contracts";
import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "../db/client";
import { buildTestApp, requestsAs, signedInUser, type TestApp } from "./test-app";

export type Who = Awaited<ReturnType<typeof signedInUser>>;

/**
 * A test app on its own data folder whose free plan's workspace holds `quotaMb` (plain folders,
 * as on every node on PostgreSQL), with the calls the quota tests make; `emptyHanded` signs up a
 * person whose quota holds nothing yet (the starter files deleted, the trash emptied).
 */
export function smallWorkspaceApp(db: () => Database, quotaMb: number) {
  const state = { t: undefined as unknown as TestApp, dataDir: "" };
  beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-small-workspace-"));
    state.t = await buildTestApp(db(), {
      DATA_DIR: state.dataDir,
      WORKSPACE_VOLUMES: "off",
      WORKSPACE_QUOTA_MB_FREE: String(quotaMb),
    });
  });
  afterAll(async () => {
    await state.t.app.close();
    fs.rmSync(state.dataDir, { recursive: true, force: true });
  });
  const api = (...args: Parameters<ReturnType<typeof requestsAs>>) => requestsAs(state.t.app)(...args);
  const stats = async (who: Who) => (await api(who, "GET", "/api/files/stats")).json() as FileStats;
  const emptyHanded = async () => {
    const who = await signedInUser(state.t.app);
    const entries = (await api(who, "GET", "/api/files?recursive=false")).json() as { path: string }[];
    for (const e of entries) await api(who, "DELETE", `/api/files?path=${encodeURIComponent(e.path)}`);
    expect((await api(who, "DELETE", "/api/trash")).statusCode).toBe(200); // deleted files count there
    expect(await stats(who)).toMatchObject({ totalSize: 0, trashSize: 0 });
    return who;
  };
  return {
    app: () => state.t.app,
    dataDir: () => state.dataDir,
    api,
    stats,
    emptyHanded,
    signedIn: () => signedInUser(state.t.app),
  };
}
