import { pinnableAppIds } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { appRegistry } from "../lib/apps/registry";
import { appScreens } from "./screens";

describe("the app registry and the shell's screens", () => {
  it("has each app a marketplace shortcut may pin", () => {
    for (const id of pinnableAppIds)
      expect(
        appRegistry.find((app) => app.id === id),
        id,
      ).toBeDefined();
  });

  it("has a screen for each app, and none for an app it does not list", () => {
    expect(Object.keys(appScreens).sort()).toEqual(appRegistry.map((app) => app.id).sort());
  });

  it("lists each app once", () => {
    const ids = appRegistry.map((app) => app.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
