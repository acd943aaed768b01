import { describe, expect, it } from "vitest";
import { openPglite } from "../db/client";
import { buildTestApp } from "../test/test-app";

describe("/api/health", () => {
  it("answers 503 'degraded' with the database down", async () => {
    const database = await openPglite();
    await database.migrate();
    const { app } = await buildTestApp(database);
    await database.close();
    const res = await app.inject({ url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "degraded", database: { kind: "pglite", status: "down" } });
    await app.close();
  });
});
