import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { type ServerProcess, startServer } from "../../test/server-process";
import { releaseVolumesUnder } from "../../workspace/volumes";
import { missingWrites } from "./missing-writes";
import { NodeClient } from "./node-client";
import { OwnPostgres, ownPostgresUnavailable } from "./own-postgres";
import { WriteBurst } from "./write-burst";

const unavailable = ownPostgresUnavailable();
if (unavailable) {
  const line = `The PostgreSQL crash test is SKIPPED: ${unavailable}.`;
  if (process.env.CI === "true") throw new Error(`${line} CI must run it.`);
  console.warn(`\n${"!".repeat(80)}\n${line}\n${"!".repeat(80)}\n`);
}

const title = "a node whose PostgreSQL server is killed mid-burst";
(unavailable ? describe.skip : describe)(unavailable ? `${title} (SKIPPED: ${unavailable})` : title, () => {
  let dataDir = "";
  let postgres: OwnPostgres | undefined;
  let node: ServerProcess | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-durable-pg-"));
    postgres = await OwnPostgres.create();
  });
  afterAll(async () => {
    node?.child.kill("SIGKILL");
    await node?.exited;
    await postgres?.destroy();
    await releaseVolumesUnder(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses what it cannot store with 503 (try again) at once, recovers by itself, and loses no acknowledged write", async () => {
    if (!postgres) throw new Error("no PostgreSQL");
    onTestFailed(() =>
      console.log(`The node's output:\n${node?.output()}\nPostgreSQL's log:\n${postgres?.log()}`),
    );
    const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url, LOG_LEVEL: "warn" };
    node = await startServer(env, true, { fromSource: true, bootMs: 45_000 });
    const client = await NodeClient.signUp(node.url);
    const live = await client.live();
    const burst = new WriteBurst(client, live, { label: "pg", workers: 8, hangMs: 10_000 }).start();
    await burst.untilAcked(60);

    const sessionBefore = burst.acked.find((w) => w.type === "session")?.id ?? "";
    const before = burst.unacknowledged.length;
    await postgres.crash();
    // Down: every kind of write keeps being tried for a while, and each is refused at once.
    await new Promise((r) => setTimeout(r, 1500));
    const whileDown = burst.unacknowledged.slice(before);
    const kindsRefused = new Set(whileDown.map((u) => u.what.split(" ")[0]));
    expect([...kindsRefused]).toEqual(expect.arrayContaining(["agent", "document", "file", "session"]));
    expect((await fetch(`${node.url}/api/health`)).status).toBe(503);
    const refused = await client.request("POST", "/api/sessions", { title: "while down" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    live.send({ type: "chat_message", sessionId: sessionBefore, content: "while down", requestId: "down" });
    expect(await live.next((f) => f.type === "error" && f.requestId === "down")).toMatchObject({
      code: "service_unavailable",
      message: "The database cannot be reached right now. Try again in a moment.",
    });

    await postgres.start(); // crash recovery
    expect(postgres.log()).toContain(
      "database system was not properly shut down; automatic recovery in progress",
    );
    // Back: the same node, not restarted, stores writes again.
    await burst.untilAcked(burst.acked.length + 40, 30_000);
    await burst.stop();
    expect(node.child.exitCode).toBeNull();

    // None hung and none was cut; each was answered "try again later": a 503 (HTTP) or an error
    // frame (the live channel), with the code that says so, not an internal error.
    expect(burst.unacknowledged.filter((u) => u.how !== "refused")).toEqual([]);
    expect(
      burst.unacknowledged.filter(
        (u) => u.code !== "service_unavailable" || (u.status !== undefined && u.status !== 503),
      ),
    ).toEqual([]);
    expect(live.refused).toEqual([]);
    expect(node.output()).not.toContain("unhandled rejection");

    expect(await missingWrites(client, burst.acked)).toEqual([]);
  }, 120_000);
});
