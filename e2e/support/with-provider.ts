import { test as base } from "@playwright/test";
import { ProviderTestServer } from "../../apps/server/src/llm/testing/provider-server";
import { AppServer } from "./app-server";

/**
 * Tests against a model: each worker runs its own server, pointed at the scripted provider
 * test server (OpenAI wire protocol, native tool calls) as the server-wide OpenAI provider.
 * A spec may give its server more environment (`appEnv`, a worker fixture it can override).
 */
export const test = base.extend<
  object,
  { provider: ProviderTestServer; appEnv: Record<string, string>; app: AppServer }
>({
  provider: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const provider = await ProviderTestServer.start();
      await use(provider);
      await provider.close();
    },
    { scope: "worker" },
  ],
  /** More of the server's configuration (a spec's own fixtures may set it). */
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
  appEnv: [async ({}, use) => use({}), { scope: "worker" }],
  app: [
    async ({ provider, appEnv }, use) => {
      const app = await AppServer.start({
        OPENAI_API_KEY: "sk-e2e-test",
        OPENAI_BASE_URL: provider.base("openai"),
        ...appEnv,
      });
      await use(app);
      await app.dispose();
    },
    // Booting a server (and its database) takes a few seconds, more on a busy machine.
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
