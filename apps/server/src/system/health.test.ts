import { describe, expect, it } from "vitest";
import { openTestPglite } from "../test/databases";
import { buildTestApp } from "../test/test-app";

describe("/api/health", () => {
  it("answers 503 'degraded' with the database down", async () => {
    const database = await openTestPglite();
    const { app } = await buildTestApp(database);
    await database.close();
    const res = await app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "degraded", database: { kind: "pglite", status: "down" } });
    await app.close();
  });
});
