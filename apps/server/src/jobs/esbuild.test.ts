import fs from "node:fs";
import { transform } from "esbuild";
import { describe, expect, it } from "vitest";
import { CompilerStopped, compileWithEsbuild, ESBUILD_MEMORY_BYTES } from "./esbuild";

/** This process's esbuild services: their address-space limit and size, in bytes. */
function services() {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => ({ pid, status: fs.readFileSync(`/proc/${pid}/status`, "utf8") }))
    .filter(({ status }) => /^Name:\s+esbuild$/m.test(status) && status.includes(`\nPPid:\t${process.pid}\n`))
    .map(({ pid, status }) => ({
      limit: fs.readFileSync(`/proc/${pid}/limits`, "utf8").match(/^Max address space\s+(\S+)/m)?.[1],
      size: Number(status.match(/^VmSize:\s+(\d+)/m)?.[1]) * 1024,
    }));
}

describe.skipIf(process.platform !== "linux")("esbuild's service, shared by everyone's compiles", () => {
  it("runs with its memory bounded: what it had at start and ESBUILD_MEMORY_BYTES more", async () => {
    const out = await compileWithEsbuild(() => transform("let a: number = 1", { loader: "ts" }));
    expect(out.code).toBe("let a = 1;\n");
    const [service] = services();
    expect(service?.limit).toMatch(/^\d+$/); // not "unlimited"
    expect(Number(service?.limit)).toBeLessThanOrEqual((service?.size ?? 0) + ESBUILD_MEMORY_BYTES);
  });

  it("code that exhausts it stops it for its author only: the next compile gets a fresh bounded one", async () => {
    const depth = 200_000;
    const deep = `const a = ${"[".repeat(depth)}${"]".repeat(depth)};`;
    await expect(compileWithEsbuild(() => transform(deep, { loader: "ts" }))).rejects.toBeInstanceOf(
      CompilerStopped,
    );
    const out = await compileWithEsbuild(() => transform("let b: string = 'ok'", { loader: "ts" }));
    expect(out.code).toBe('let b = "ok";\n');
    expect(services().every((s) => /^\d+$/.test(s.limit ?? ""))).toBe(true);
  });

  it("a compile past its time stops with a clear error; the service others use goes on, fresh", async () => {
    const large = Array.from({ length: 20_000 }, (_, i) => `export const v${i}: number = ${i} * 2;`).join(
      "\n",
    );
    const slow = compileWithEsbuild(() => transform(large, { loader: "ts" }), { timeoutMs: 1 });
    const other = compileWithEsbuild(() => transform("let c: boolean = true", { loader: "ts" }));
    await expect(slow).rejects.toBeInstanceOf(CompilerStopped);
    expect((await other).code).toBe("let c = true;\n");
    const after = await compileWithEsbuild(() => transform(large, { loader: "ts" }));
    expect(after.code).toContain("export const v19999 = 19999 * 2;");
  });

  it("others' compiles in flight when one person's code kills it: theirs are done on a fresh one, only the author's fails", async () => {
    const depth = 200_000;
    const deep = `const a = ${"[".repeat(depth)}${"]".repeat(depth)};`;
    const fair = Array.from({ length: 150_000 }, (_, i) => `export const w${i}: number = ${i};`).join("\n");
    const culprit = compileWithEsbuild(() => transform(deep, { loader: "ts" }));
    const others = [1, 2, 3].map(() => compileWithEsbuild(() => transform(fair, { loader: "ts" })));
    const again = compileWithEsbuild(() => transform(deep, { loader: "ts" })); // the author, once more
    await expect(culprit).rejects.toBeInstanceOf(CompilerStopped);
    await expect(again).rejects.toBeInstanceOf(CompilerStopped);
    for (const other of others) expect((await other).code).toContain("export const w149999 = 149999;");
  });
});
