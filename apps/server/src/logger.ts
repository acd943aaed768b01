import type { FastifyServerOptions } from "fastify";

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

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return { level, redact: { paths: redactPaths, censor: "[redacted]" } };
}
