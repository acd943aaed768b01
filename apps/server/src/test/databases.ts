import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Database, openPglite, openPostgres, type PgliteDatabase } from "../db/client";
import { readClusterTemplate } from "../db/cluster-template";

let template: Blob | undefined;

/** A new in-memory PGlite, migrated, started from the suite's cluster template (no initdb). */
export async function openTestPglite(): Promise<PgliteDatabase> {
  template ??= readClusterTemplate(inject("pgliteTemplate"));
  const database = await openPglite(undefined, template);
  await database.migrate();
  return database;
}

/** A fresh PostgreSQL database on the test server: its url, and `drop()` when done. */
export async function scratchPostgresUrl(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `neuroos_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A fresh PostgreSQL database on the test server, dropped by `close()`. */
export async function openScratchPostgres(adminUrl: string): Promise<Database> {
  const scratch = await scratchPostgresUrl(adminUrl);
  const database = await openPostgres(scratch.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Runs the same suite against real PGlite and real PostgreSQL. `get()` returns the migrated
 * database of the running half. The PostgreSQL half is skipped, loudly, when no server answers.
 */
export function describeEachDatabase(
  name: string,
  suite: (get: () => Database) => void,
  options: { skip?: boolean } = {},
): void {
  const postgresUrl = inject("postgresUrl");
  const kinds = [
    { kind: "pglite", open: openTestPglite, enabled: true },
    { kind: "postgres", open: () => openScratchPostgres(postgresUrl ?? ""), enabled: postgresUrl !== null },
  ];
  for (const { kind, open, enabled } of kinds) {
    (enabled && !options.skip ? describe : describe.skip)(`${name} [${kind}]`, () => {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await open();
        await database.migrate();
      });
      afterAll(async () => {
        await database?.close();
      });
      suite(() => {
        if (!database) throw new Error("database not open");
        return database;
      });
    });
  }
}
