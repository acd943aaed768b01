import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script of the project (scripts/lib), without type declarations
import { buildIsCurrent, stampBuild } from "../../../../scripts/lib/build-stamp.mjs";

/** A checkout in miniature: one source file of each app, and their dist folders. */
function miniCheckout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-stamp-"));
  for (const dir of [
    "apps/web/src",
    "apps/server/src",
    "apps/web/dist",
    "apps/server/dist",
    "packages/contracts",
  ])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, "apps/web/src/main.tsx"), "render()");
  fs.writeFileSync(path.join(root, "apps/server/src/main.ts"), "listen()");
  fs.writeFileSync(path.join(root, "package-lock.json"), "{}");
  return root;
}

describe("npm start's build stamp", () => {
  it("says the build is current only for the sources it was stamped with", () => {
    const root = miniCheckout();
    expect(buildIsCurrent(root)).toBe(false);
    stampBuild(root);
    expect(buildIsCurrent(root)).toBe(true);
    fs.writeFileSync(path.join(root, "apps/web/src/main.tsx"), "render(changed)");
    expect(buildIsCurrent(root)).toBe(false);
    stampBuild(root);
    fs.rmSync(path.join(root, "apps/server/dist/.build-inputs"));
    expect(buildIsCurrent(root)).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
