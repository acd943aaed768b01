import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when the request's Origin is the server's own or one of `allowed`. */
export function isAllowedOrigin(
  request: FastifyRequest,
  origin: string,
  allowed: ReadonlySet<string>,
): boolean {
  return origin === `${request.protocol}://${request.host}` || allowed.has(origin.toLowerCase());
}

/**
 * Refuses state-changing requests sent by pages of another origin (CSRF). Browsers send
 * Origin on every cross-origin POST/PATCH/DELETE and Sec-Fetch-Site on modern ones; clients
 * that are not browsers send neither and are judged by their session cookie alone.
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (isAllowedOrigin(request, origin, allowed)) return;
      throw new AppError(403, "forbidden", "Cross-origin request refused");
    }
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError(403, "forbidden", "Cross-origin request refused");
    }
  });
}
