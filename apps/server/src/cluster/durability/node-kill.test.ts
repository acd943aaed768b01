import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from "vitest";
import { scratchPostgresUrl } from "../../test/databases";
import { type ServerProcess, startServer } from "../../test/server-process";
import { releaseVolumesUnder } from "../../workspace/volumes";
import { missingWrites } from "./missing-writes";
import { NodeClient } from "./node-client";
import { WriteBurst } from "./write-burst";

const postgresUrl = inject("postgresUrl");
const engines = [
  { kind: "pglite", enabled: true },
  // PostgreSQL: a scratch database on the test server (the node dies, not the server).
  { kind: "postgres", enabled: postgresUrl !== null },
] as const;

for (const engine of engines) {
  (engine.enabled ? describe : describe.skip)(`a node killed with SIGKILL mid-burst [${engine.kind}]`, () => {
    let dataDir = "";
    const started: ServerProcess[] = [];
    let dropDatabase = async () => {};
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-durable-"));
    });
    afterAll(async () => {
      for (const node of started) node.child.kill("SIGKILL");
      await Promise.all(started.map((node) => node.exited));
      await releaseVolumesUnder(dataDir); // the killed node's workspace volumes stay mounted
      fs.rmSync(dataDir, { recursive: true, force: true });
      await dropDatabase();
    });

    const start = async (env: Record<string, string>) => {
      const node = await startServer(env, true, { fromSource: true, bootMs: 45_000 });
      started.push(node);
      return node;
    };

    it("serves every acknowledged write, as it was sent, once started again", async () => {
      onTestFailed(() =>
        console.log(started.map((node) => `The node's output:\n${node.output()}`).join("\n")),
      );
      const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      if (engine.kind === "postgres") {
        const scratch = await scratchPostgresUrl(postgresUrl ?? "");
        dropDatabase = scratch.drop;
        env.DATABASE_URL = scratch.url;
      }
      const first = await start(env);
      const client = await NodeClient.signUp(first.url);
      const live = await client.live();
      const burst = new WriteBurst(client, live, { label: "kill", workers: 8, hangMs: 10_000 }).start();
      await burst.untilAcked(80);

      first.child.kill("SIGKILL");
      expect(await first.exited).toBeNull(); // killed, not exited
      await burst.stop();
      // The kill came mid-burst: writes in flight were cut; none was refused or left hanging.
      expect(burst.unacknowledged.filter((u) => u.how !== "cut")).toEqual([]);
      expect(burst.unacknowledged.length).toBeGreaterThan(0);
      expect(live.refused).toEqual([]);
      const kinds = new Set(burst.acked.map((w) => w.type));
      expect([...kinds].sort()).toEqual(["agent", "document", "file", "message", "session"]);

      const second = await start(env);
      const after = client.at(second.url);
      expect(await missingWrites(after, burst.acked)).toEqual([]);

      // And it goes on storing writes (the database came back whole, not merely readable).
      const again = new WriteBurst(after, await after.live(), {
        label: "again",
        workers: 4,
        hangMs: 10_000,
      }).start();
      await again.untilAcked(12);
      await again.stop();
      expect(again.unacknowledged).toEqual([]);
      expect(await missingWrites(after, again.acked)).toEqual([]);
    }, 120_000);
  });
}
