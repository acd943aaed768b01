import { MCP_ENV_MASK, type McpServerSummary } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { createInput, draftFrom, updateInput } from "./server-draft";

const local: McpServerSummary = {
  id: "1",
  name: "local",
  transport: "stdio",
  url: null,
  command: "node",
  args: ["server.mjs"],
  headers: {},
  env: { API_KEY: MCP_ENV_MASK },
  enabled: true,
  shared: false,
  allowNetwork: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("a local server's environment variables in the form", () => {
  it("editing: stored ones show masked and are sent masked (kept); a new one is sent; none is null", () => {
    const draft = draftFrom(local);
    expect(draft.env).toEqual([{ name: "API_KEY", value: MCP_ENV_MASK }]);
    const kept = updateInput({ ...draft, env: [...draft.env, { name: "REGION", value: "eu" }] }, false);
    expect(kept).toEqual({
      ok: true,
      input: expect.objectContaining({ env: { API_KEY: MCP_ENV_MASK, REGION: "eu" } }),
    });
    expect(updateInput({ ...draft, env: [] }, false)).toMatchObject({ ok: true, input: { env: null } });
  });

  it("adding: a bad name or a masked value is refused in words, before anything is sent", () => {
    const draft = { ...draftFrom(null), transport: "stdio" as const, name: "local", command: "node" };
    expect(createInput({ ...draft, env: [{ name: "api-key", value: "x" }] }, false)).toEqual({
      ok: false,
      errors: { env: "A name is capital letters, digits and _ only (api-key)" },
    });
    expect(createInput({ ...draft, env: [{ name: "KEY", value: MCP_ENV_MASK }] }, false)).toEqual({
      ok: false,
      errors: { env: "Enter each value" },
    });
    expect(createInput({ ...draft, env: [{ name: "KEY", value: "v" }] }, false)).toMatchObject({
      ok: true,
      input: { env: { KEY: "v" } },
    });
  });
});
