import pg from "pg";
import type { TestProject } from "vitest/node";
import { cachedClusterTemplate } from "../db/cluster-template";

export const DEFAULT_TEST_PG = "postgres://postgres:postgres@127.0.0.1:5432/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** A migrated PGlite cluster's dump each test's PGlite starts from (db/cluster-template.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Makes the PGlite cluster template once, and finds out once whether a PostgreSQL server is
 * reachable for the PostgreSQL half of the suite.
 */
export default async function setup(project: TestProject): Promise<void> {
  project.provide("pgliteTemplate", await cachedClusterTemplate());
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_PG;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    project.provide("postgresUrl", url);
  } catch (err) {
    const line = `PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")} is not reachable (${(err as Error).message}): the PostgreSQL half of the integration tests is SKIPPED.`;
    if (process.env.CI === "true") throw new Error(`${line} CI must run it.`);
    console.warn(`\n${"!".repeat(80)}\n${line}\n${"!".repeat(80)}\n`);
    project.provide("postgresUrl", null);
  } finally {
    await client.end().catch(() => {});
  }
}
