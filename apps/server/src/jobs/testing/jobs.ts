import { AppError } from "../../http/errors";
import { defineJob } from "../job";

/** Jobs that misbehave on purpose, for the pool's own tests (served by testing/worker.ts). */
export const echo = defineJob("test-echo", (text: string) => `${text}!`);

/** Keeps every array it makes until the heap limit stops it. */
export const hoard = defineJob("test-hoard", () => {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(1_000_000).fill(kept.length));
});

/** Keeps memory outside the JavaScript heap (as native code does) until something stops it. */
export const hoardNative = defineJob("test-hoard-native", () => {
  const kept: Buffer[] = [];
  for (;;) {
    kept.push(Buffer.alloc(16 * 2 ** 20, 1));
    const end = Date.now() + 5;
    while (Date.now() < end);
  }
});

/** Holds its thread for `ms`: the event loop of the server must not notice. */
export const spin = defineJob("test-spin", (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
  return ms;
});

export const refuse = defineJob("test-refuse", (message: string) => {
  throw new AppError(422, "validation_failed", message);
});
