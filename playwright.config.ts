import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./e2e/support/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Starts the built server (apps/server/dist/main.js) on a free port with a fresh data directory.
  globalSetup: "./e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: "list",
  // A test's whole time: on the 2-core CI machine, with two browsers and their servers, a test
  // with a new account, a reload and two axe runs has taken over 30 s (axe alone up to 10 s).
  timeout: 60_000,
  // A first page load on a 2-core machine that also runs the servers and a second browser can
  // take longer than Playwright's 5 s.
  expect: { timeout: 12_000 },
  outputDir: "test-results",
  use: {
    // Set by the global setup before the workers start.
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
      },
    },
  ],
});
