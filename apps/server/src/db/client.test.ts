import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, expect, inject, it } from "vitest";
import { openPglite, openPostgres } from "./client";
import { readClusterTemplate } from "./cluster-template";

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "neuroos-pglite-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const checksums = async (database: Awaited<ReturnType<typeof openPglite>>) =>
  ((await database.db.execute(sql`show data_checksums`)) as unknown as { rows: { data_checksums: string }[] })
    .rows[0]?.data_checksums;

it("makes PGlite clusters without page checksums; one made with them opens as it was, data and all", async () => {
  const fresh = await openPglite(scratch());
  expect(await checksums(fresh)).toBe("off");
  await fresh.close();

  const dir = scratch();
  const older = await PGlite.create({ dataDir: dir });
  await older.exec("create table kept (x int); insert into kept values (42)");
  await older.close();
  const reopened = await openPglite(dir);
  expect(await checksums(reopened)).toBe("on");
  const kept = (await reopened.db.execute(sql`select x from kept`)) as unknown as { rows: unknown[] };
  expect(kept.rows).toEqual([{ x: 42 }]);
  await reopened.close();
  // Two clusters made by initdb: slow on a busy machine.
}, 120_000);

it("a new data directory starts from the cluster template, migrated; an existing one keeps its own data", async () => {
  const template = readClusterTemplate(inject("pgliteTemplate"));
  const dir = scratch();
  const made = await openPglite(dir, template);
  const tables = async (database: Awaited<ReturnType<typeof openPglite>>) =>
    (
      (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
  // The template's tables are there before any migration ran here, and the cluster is on disk.
  expect(await tables(made)).toBe(0);
  expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
  expect(await checksums(made)).toBe("off");
  await made.db.execute(sql`insert into users (email, username, password_hash) values ('a@b.c', 'a', 'x')`);
  await made.close();

  const reopened = await openPglite(dir, template);
  expect(await tables(reopened)).toBe(1);
  await reopened.close();
});

const postgresUrl = inject("postgresUrl");
it.skipIf(postgresUrl === null)(
  "PostgreSQL: a transaction whose connection dies fails, and the process and its pool go on",
  async () => {
    const database = await openPostgres(postgresUrl ?? "");
    // The server ends this transaction's connection, as when it crashes or restarts under it.
    const dying = database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    });
    await expect(dying).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100)); // the socket's end arrives after the error
    expect(await database.ping()).toBe(true);
    await database.close();
  },
);
