import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("configuration", () => {
  it("has working embedded defaults", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toMatch(/\/data$/);
    expect(env.DATABASE_URL).toBeUndefined();
    // Volumes when the machine can (and the database is PGlite: workspace/volumes.ts forNode).
    expect(env.WORKSPACE_VOLUMES).toBe("auto");
  });

  it("stops with one line naming the wrong variable", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET must be at least 32/);
    expect(() => loadEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
    expect(() => loadEnv({ WORKSPACE_VOLUMES: "on" })).toThrow(/WORKSPACE_VOLUMES/);
  });

  it("reads comma lists lower-cased", () => {
    expect(
      loadEnv({ EXECUTIVE_ACCESS_DOMAINS: " Partner.org ,lead.example," }).EXECUTIVE_ACCESS_DOMAINS,
    ).toEqual(["partner.org", "lead.example"]);
  });
});
