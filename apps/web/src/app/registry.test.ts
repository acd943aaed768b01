import { pinnableAppIds } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { appRegistry, isAvailable } from "./registry";

describe("the app registry", () => {
  it("has each app a marketplace shortcut may pin, with its screen", () => {
    for (const id of pinnableAppIds) {
      const entry = appRegistry.find((app) => app.id === id);
      expect(entry, id).toBeDefined();
      expect(entry && isAvailable(entry), id).toBe(true);
    }
  });

  it("lists each app once", () => {
    const ids = appRegistry.map((app) => app.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
