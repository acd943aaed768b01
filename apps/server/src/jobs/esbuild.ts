import { stop } from "esbuild";

/**
 * esbuild answers every call of the process from one service (its Go binary). Code nested very
 * deep (arrays 200,000 levels deep, a long chain of `!`) overflows its parser's stack and the
 * service dies: every call after it would fail too ('The service is no longer running'), for
 * every person, until the server restarts. `compileWithEsbuild` stops the dead service, so the
 * next call starts a fresh one; a call that met the dead service is tried once more on the fresh
 * one; the call whose service died while it ran is told so in words (its code is the likely cause).
 */
export async function compileWithEsbuild<T>(call: () => Promise<T>, retried = false): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const message = String((err as Error).message);
    if (!retried && message.includes("The service is no longer running")) {
      await stop();
      return compileWithEsbuild(call, true);
    }
    if (!message.includes("The service was stopped") && !message.includes("The service is no longer running"))
      throw err;
    await stop();
    throw new CompilerStopped();
  }
}

/** The compiler died on this code (it is nested too deeply or too large); the next run has a fresh one. */
export class CompilerStopped extends Error {
  constructor() {
    super("This code is nested too deeply or is too large to compile. Simplify it and run it again.");
  }
}
