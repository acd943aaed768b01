import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { JobStopped } from "./job";
import { JobPool } from "./pool";
import { echo, hoard, hoardNative, refuse, spin } from "./testing/jobs";

/** The longest the event loop went without a turn while `work` ran. */
async function longestStall(work: Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  await work.catch(() => undefined);
  clearInterval(tick);
  return longest;
}

describe.each(["thread", "process"] as const)("JobPool: heavy work in bounded workers (%s)", (isolation) => {
  const pool = new JobPool(
    { workers: 2, timeoutMs: 3_000, memoryMb: 64, isolation },
    new URL("./testing/worker.ts", import.meta.url),
  );
  afterAll(() => pool.close());

  it("runs a job off the event loop", async () => {
    const work = pool.run(spin, 1_500);
    expect(await longestStall(work)).toBeLessThan(500);
    expect(await work).toBe(1_500);
  });

  it("stops a job past its memory limit with a clear error, and serves the next job", async () => {
    const stopped = await pool.run(hoard, undefined).catch((err: unknown) => err);
    expect(stopped).toBeInstanceOf(JobStopped);
    expect((stopped as JobStopped).reason).toBe("memory");
    expect((stopped as Error).message).toBe("The job needed more memory than it may use and was stopped");
    expect(await pool.run(echo, "still here")).toBe("still here!");
  });

  // Native code's memory is outside V8's heap limit: a process is also bounded in what it holds.
  it.runIf(isolation === "process")(
    "stops a job past its memory outside the heap, and serves the next job",
    async () => {
      const stopped = await pool.run(hoardNative, undefined).catch((err: unknown) => err);
      expect((stopped as JobStopped).reason).toBe("memory");
      expect(await pool.run(echo, "still here")).toBe("still here!");
    },
  );

  it("stops a job past its time limit, and serves the next job", async () => {
    const started = Date.now();
    const stopped = await pool.run(spin, 60_000).catch((err: unknown) => err);
    expect((stopped as JobStopped).reason).toBe("time");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await pool.run(echo, "again")).toBe("again!");
  });

  it("runs no more jobs at once than it has workers; the others wait their turn", async () => {
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => pool.run(echo, String(i))));
    expect(results).toEqual(["1!", "2!", "3!", "4!", "5!"]);
  });

  it("a worker unused for idleMs is stopped; the next job gets a fresh one", async () => {
    const brief = new JobPool(
      { workers: 1, timeoutMs: 3_000, memoryMb: 64, isolation, idleMs: 200 },
      new URL("./testing/worker.ts", import.meta.url),
    );
    try {
      expect(await brief.run(echo, "one")).toBe("one!");
      expect(brief.size).toBe(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(brief.size).toBe(0);
      expect(await brief.run(echo, "two")).toBe("two!");
    } finally {
      await brief.close();
    }
  });

  it("a job's refusal comes back as the same AppError, and its worker goes on", async () => {
    const refused = await pool.run(refuse, "That is not a document").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 422,
      code: "validation_failed",
      message: "That is not a document",
    });
    expect(await pool.run(echo, "fine")).toBe("fine!");
  });
});
