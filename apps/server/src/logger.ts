import type { FastifyServerOptions } from "fastify";
import { Redactor } from "./redaction";

/** Paths that may hold secrets; pino replaces them before anything is written. */
export const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.apiKey",
  "*.api_key",
  "*.secretKey",
  'req.headers["x-api-key"]',
  "body.password",
];

/** A log call's argument with the server's secrets hidden: strings, errors, and a plain object's. */
function redacted(arg: unknown, redactor: Redactor): unknown {
  if (typeof arg === "string") return redactor.text(arg);
  if (arg instanceof Error) {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(arg)) as Error, arg);
    copy.message = redactor.text(arg.message);
    copy.stack = redactor.text(arg.stack ?? "");
    return copy;
  }
  if (!arg || Object.getPrototypeOf(arg) !== Object.prototype) return arg;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(arg))
    out[key] = typeof value === "string" || value instanceof Error ? redacted(value, redactor) : value;
  return out;
}

/** pino's options: paths that may hold secrets censored, and every secret the server holds hidden. */
export function loggerOptions(level: string, redactor = Redactor.none): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    hooks: {
      logMethod(args, method) {
        return method.apply(this, args.map((a) => redacted(a, redactor)) as Parameters<typeof method>);
      },
    },
  };
}
