import { afterAll, beforeAll } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { mcpAgentTurnCases } from "./testing/agent-turn-cases";
import { httpHarness, McpTurnFixture } from "./testing/agent-turns";

describeEachDatabase("agent turns with an MCP server over Streamable HTTP", (db) => {
  let fixture: McpTurnFixture;
  beforeAll(async () => {
    fixture = await McpTurnFixture.start(db(), await httpHarness());
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  mcpAgentTurnCases(() => fixture);
});
