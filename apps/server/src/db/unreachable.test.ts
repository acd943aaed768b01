import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openScratchPostgres } from "../test/databases";
import { freePort } from "../test/server-process";
import { openPglite, openPostgres } from "./client";
import { databaseError, databaseUnreachable } from "./unreachable";

/** The error `work` fails with (it must fail). */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error("expected the work to fail");
}

describe("databaseUnreachable", () => {
  it("is true for a PostgreSQL server that is not there (a query through the app's pool)", async () => {
    const database = await openPostgres(
      `postgres://postgres:postgres@127.0.0.1:${await freePort()}/postgres`,
    );
    const query = await failureOf(() => database.db.execute(sql`select 1`));
    // A transaction connects first, outside any query: the pool says the failure is the database's.
    const transaction = await failureOf(() => database.db.transaction((tx) => tx.execute(sql`select 1`)));
    await database.close();
    expect(databaseUnreachable(query)).toBe(true);
    expect(databaseUnreachable(transaction)).toBe(true);
  });

  it("is true for a connection cut under a statement sent straight to the driver (storedAt), once marked", () => {
    const cut = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    expect(databaseUnreachable(cut)).toBe(false);
    expect(databaseUnreachable(databaseError(cut))).toBe(true);
  });

  it("is false for another service's socket errors: a provider's body cut, a mail server's timeout", () => {
    const cut = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const mail = Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" });
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }),
    });
    for (const err of [cut, mail, refused]) expect(databaseUnreachable(err)).toBe(false);
  });

  it("is false for a query that is wrong, and for errors that are not the database's", async () => {
    const database = await openPglite();
    const err = await failureOf(() => database.db.execute(sql`select * from no_such_table`));
    await database.close();
    expect(databaseUnreachable(err)).toBe(false);
    expect(databaseUnreachable(new Error("boom"))).toBe(false);
    expect(databaseUnreachable("ECONNREFUSED")).toBe(false);
    expect(databaseUnreachable(undefined)).toBe(false);
  });

  const postgresUrl = inject("postgresUrl");
  it.skipIf(!postgresUrl)(
    "is true when the server ends the connection mid-query (57P01), false for a unique violation",
    async () => {
      const database = await openScratchPostgres(postgresUrl ?? "");
      try {
        const killer = new pg.Client({ connectionString: postgresUrl ?? "" });
        await killer.connect();
        const terminated = await failureOf(() =>
          database.db.transaction(async (tx) => {
            const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
              rows: { pid: number }[];
            };
            await killer.query("select pg_terminate_backend($1)", [rows.rows[0]?.pid]);
            await tx.execute(sql`select 1`);
          }),
        );
        await killer.end();
        expect(databaseUnreachable(terminated)).toBe(true);

        await database.db.execute(sql`create table once (id int primary key)`);
        await database.db.execute(sql`insert into once values (1)`);
        const duplicate = await failureOf(() => database.db.execute(sql`insert into once values (1)`));
        expect(databaseUnreachable(duplicate)).toBe(false);
      } finally {
        await database.close();
      }
    },
  );
});
