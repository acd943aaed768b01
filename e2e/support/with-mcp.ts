import { type EverythingServer, startEverything } from "../../apps/server/src/mcp/testing/everything";
import { test as withProvider } from "./with-provider";

/** The app server may reach the reference MCP server (loopback is refused unless allowlisted). */
export async function mcpAppEnv(
  { everything }: { everything: EverythingServer },
  use: (env: Record<string, string>) => Promise<void>,
): Promise<void> {
  await use({ LLM_ENDPOINT_ALLOWLIST: `127.0.0.1:${everything.port}` });
}

/**
 * Tests against a model and an MCP server: the reference server (server-everything, Streamable
 * HTTP on a loopback port) runs per worker, and the worker's app server may reach it.
 */
export const test = withProvider.extend<object, { everything: EverythingServer }>({
  everything: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const server = await startEverything("streamableHttp");
      await use(server);
      await server.kill();
    },
    { scope: "worker" },
  ],
  appEnv: [mcpAppEnv, { scope: "worker" }],
});
