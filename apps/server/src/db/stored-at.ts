import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { databaseError } from "./unreachable";

type Driver = { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
const dialect = new PgDialect();

/**
 * Runs one hand-written statement that returns `at` (a timestamp as JSON) and answers it. It
 * goes straight to the driver (PGlite and pg.Pool both have `query(text, params)`) when it
 * can: on PGlite, drizzle's per-query type parsers cost about as much as a small insert.
 */
export async function storedAt(db: Db, query: SQL): Promise<Date> {
  return atOf(await storedRow(db, query));
}

/** The `at` of a row from storedRow, as a Date. */
export function atOf(row: Record<string, unknown>): Date {
  const at = row.at;
  if (at === undefined) throw new Error("insert returned no row");
  return new Date(typeof at === "string" && at.startsWith('"') ? JSON.parse(at) : (at as string));
}

/** Runs one hand-written statement (as storedAt does) and answers its first row. */
export async function storedRow(db: Db, query: SQL): Promise<Record<string, unknown>> {
  const row = (await rawRows(db, query))[0];
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Runs one hand-written statement straight on the driver (as storedAt does) and answers its rows. */
export async function rawRows(db: Db, query: SQL): Promise<Record<string, unknown>[]> {
  const driver = (db as unknown as { $client?: Partial<Driver> }).$client;
  let rows: Record<string, unknown>[];
  if (typeof driver?.query === "function") {
    const { sql: text, params } = dialect.sqlToQuery(query);
    rows = (
      await (driver as Driver).query(text, params).catch((err: unknown) => {
        throw databaseError(err);
      })
    ).rows;
  } else {
    rows = ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  }
  return rows;
}
