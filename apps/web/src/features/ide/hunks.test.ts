import { describe, expect, it } from "vitest";
import { applyHunks, hunksOf, mineByDefault } from "./hunks";

/** The merge of mine with the disk's copy, with each hunk's default choice. */
function mergedByDefault(base: string, mine: string, disk: string): string {
  const parts = hunksOf(disk, mine);
  const keeps = mineByDefault(base, mine, disk);
  const kept = new Set(parts.flatMap((p) => (p.kind === "hunk" && keeps(p.hunk) ? [p.hunk.index] : [])));
  return applyHunks(parts, kept);
}

describe("merging mine with the file on disk", () => {
  const base = "const a = 1;\nconst b = 2;\nconst c = 3;\n";

  it("keeps both when they changed different lines: my edit and the terminal's appended line", () => {
    const mine = "const a = 1;\nconst b = 20;\nconst c = 3;\n";
    const disk = `${base}// appended by the terminal\n`;
    expect(mergedByDefault(base, mine, disk)).toBe(
      "const a = 1;\nconst b = 20;\nconst c = 3;\n// appended by the terminal\n",
    );
  });

  it("keeps my new lines and the disk's removed ones removed", () => {
    const mine = "// my header\nconst a = 1;\nconst b = 2;\nconst c = 3;\n";
    const disk = "const a = 1;\nconst c = 3;\n";
    expect(mergedByDefault(base, mine, disk)).toBe("// my header\nconst a = 1;\nconst c = 3;\n");
  });

  it("keeps my added line even when the same text is elsewhere in the file", () => {
    const withBrace = "function f() {\n  return 1;\n}\n";
    const mine = `${withBrace}}\n`;
    const disk = withBrace.replace("return 1", "return 2");
    expect(mergedByDefault(withBrace, mine, disk)).toBe("function f() {\n  return 2;\n}\n}\n");
  });

  it("keeps mine where both changed the same line, and my deletion where the disk did not touch it", () => {
    const mine = "const a = 1;\nconst b = 'mine';\n";
    const disk = "const a = 1;\nconst b = 'theirs';\nconst c = 3;\n";
    expect(mergedByDefault(base, mine, disk)).toBe("const a = 1;\nconst b = 'mine';\n");
  });
});
