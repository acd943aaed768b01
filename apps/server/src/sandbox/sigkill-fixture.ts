// A whole server in a child process, for the SIGKILL test: prints its address, then serves.
import { buildApp } from "../app";
import { openPglite } from "../db/client";
import { loadEnv } from "../env";

const database = await openPglite();
await database.migrate();
const app = await buildApp({
  env: loadEnv({ DATA_DIR: process.argv[2], LOG_LEVEL: "silent" }),
  database,
  sessionSecret: "sigkill-fixture-secret-sigkill-fixture",
});
console.log(`LISTENING ${await app.listen({ port: 0, host: "127.0.0.1" })}`);
