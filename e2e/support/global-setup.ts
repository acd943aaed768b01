import { existsSync } from "node:fs";
import path from "node:path";
import { cachedClusterTemplate } from "../../apps/server/src/db/cluster-template";
import { PARTNER_DOMAIN } from "./accounts";
import { AppServer } from "./app-server";

/**
 * The fixed port of the fake OpenAI-compatible server e2e/settings.spec.ts starts; user base
 * URLs on loopback are refused unless allowlisted, so the server allows this one (and Ollama's).
 */
export const PROVIDER_TEST_PORT = 39187;

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Starts the real, built server on a free port with a fresh data directory and points the
 * tests at it (E2E_BASE_URL); the returned function stops it (SIGTERM) and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ["apps/server/dist/main.js", "apps/web/dist/index.html"]) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  // Every server of the suite starts its database from a migrated cluster made once (no initdb).
  process.env.PGLITE_TEMPLATE = await cachedClusterTemplate();
  const server = await AppServer.start({
    EXECUTIVE_ACCESS_DOMAINS: PARTNER_DOMAIN,
    LLM_ENDPOINT_ALLOWLIST: `127.0.0.1:${PROVIDER_TEST_PORT},localhost:11434,127.0.0.1:11434`,
    // OpenAI is reached at the fake server of e2e/settings.spec.ts: a pasted key is tried there first.
    OPENAI_BASE_URL: `http://127.0.0.1:${PROVIDER_TEST_PORT}/v1`,
  });
  process.env.E2E_BASE_URL = server.url;
  return () => server.dispose();
}
