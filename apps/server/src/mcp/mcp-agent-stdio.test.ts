import { afterAll, beforeAll } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { sandboxReady } from "../test/sandbox-ready";
import { mcpAgentTurnCases } from "./testing/agent-turn-cases";
import { McpTurnFixture, stdioHarness } from "./testing/agent-turns";

describeEachDatabase(
  "agent turns with a local (stdio) MCP server in the sandbox",
  (db) => {
    let fixture: McpTurnFixture;
    beforeAll(async () => {
      fixture = await McpTurnFixture.start(db(), stdioHarness());
    }, 60_000);
    afterAll(async () => {
      await fixture?.close();
    });

    mcpAgentTurnCases(() => fixture);
  },
  { skip: !sandboxReady },
);
