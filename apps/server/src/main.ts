import path from "node:path";
import type { CatalogueEntry } from "@neuroos/contracts";
import { buildApp } from "./app";
import { type Database, openPglite, openPostgres } from "./db/client";
import { readClusterTemplate } from "./db/cluster-template";
import { lockDataDir } from "./db/data-dir-lock";
import { type Env, loadEnv } from "./env";
import { CatalogueError, defaultCatalogueDir, loadCatalogue } from "./marketplace/catalogue";
import { loadOrCreateSecret } from "./secrets";

async function openDatabase(env: Env): Promise<{ database: Database; unlock: () => void }> {
  if (env.DATABASE_URL) return { database: await openPostgres(env.DATABASE_URL), unlock: () => {} };
  const unlock = lockDataDir(env.DATA_DIR);
  try {
    const template = readClusterTemplate(env.PGLITE_TEMPLATE);
    return { database: await openPglite(path.join(env.DATA_DIR, "pglite"), template), unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Boot: environment -> database (migrated) -> app -> listen; graceful shutdown on signals. */
async function main(): Promise<void> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  // The marketplace catalogue is checked before anything starts: a bad entry stops the boot.
  let catalogue: CatalogueEntry[];
  try {
    catalogue = loadCatalogue(env.MARKETPLACE_DIR ?? defaultCatalogueDir());
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env);
    await opened.database.migrate();
  } catch (err) {
    console.error(`Cannot open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  const { database, unlock } = opened;
  const sessionSecret = loadOrCreateSecret(env.DATA_DIR, "session-secret", env.SESSION_SECRET);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ env, database, sessionSecret, catalogue });
  } catch (err) {
    if (!(err instanceof CatalogueError)) throw err;
    console.error(err.message);
    await database.close();
    unlock();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
    } finally {
      unlock();
    }
    app.log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("unhandledRejection", (err) => app.log.error({ err }, "unhandled rejection"));

  try {
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    app.log.error({ err }, "cannot listen");
    await database.close();
    unlock();
    process.exit(1);
  }
}

void main();
