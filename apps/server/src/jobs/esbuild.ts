import { stop } from "esbuild";

/**
 * esbuild answers every call of the process from one service (its Go binary). Code nested very
 * deep (arrays 200,000 levels deep, a long chain of `!`) overflows its parser's stack and the
 * service dies: every call after it would fail too ('The service is no longer running'), for
 * every person, until the server restarts. `compileWithEsbuild` stops the dead service, so the
 * next call starts a fresh one; a call that met the dead service is tried once more on the fresh
 * one, and a call whose second try kills it again is told so in words (its code is the cause).
 */
export async function compileWithEsbuild<T>(call: () => Promise<T>, retried = false): Promise<T> {
  const seen = generation;
  try {
    return await call();
  } catch (err) {
    const message = String((err as Error).message);
    if (!message.includes("The service was stopped") && !message.includes("The service is no longer running"))
      throw err;
    // The first call to see this service dead stops it, once; the others wait for that, and never
    // stop the fresh service a retry has started meanwhile.
    if (seen === generation) {
      generation += 1;
      restarting = stop();
    }
    await restarting;
    if (!retried) return compileWithEsbuild(call, true);
    throw new CompilerStopped();
  }
}

/** Which esbuild service calls run on now (one more each time a dead one is stopped). */
let generation = 0;
let restarting: Promise<void> = Promise.resolve();

/** The compiler died on this code (it is nested too deeply or too large); the next run has a fresh one. */
export class CompilerStopped extends Error {
  constructor() {
    super("This code is nested too deeply or is too large to compile. Simplify it and run it again.");
  }
}
