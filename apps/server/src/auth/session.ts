import type { FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import type { OriginPolicy } from "../http/origin-guard";
import { authenticateSession, findSessionUser } from "./service";

export const SESSION_COOKIE = "neuroos_session";

// request.user and request.sessionId are declared in http/request-user.ts.
/** The session token from the signed cookie, or undefined. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Persistent ('Remember me') cookies carry an expiry; others end with the browser session. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date | null,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    signed: true,
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
}

/** onRequest hook for every route that needs a signed-in user: 401 otherwise (sessions cached briefly, see session-cache.ts). */
export function requireSession(db: Db): onRequestHookHandler {
  return async (request) => {
    const token = sessionToken(request);
    const found = token ? await authenticateSession(db, token) : null;
    if (!found) throw new AppError(401, "unauthorized", "Sign in to continue");
    request.user = found.user;
    request.sessionId = found.sessionId;
  };
}

/** onRequest hook for routes open to visitors: the user when signed in, else null (no 401). */
export function optionalSession(db: Db): onRequestHookHandler {
  return async (request) => {
    const token = sessionToken(request);
    const found = token ? await authenticateSession(db, token) : null;
    request.user = found?.user ?? null;
    request.sessionId = found?.sessionId ?? null;
  };
}

/**
 * The check at a WebSocket upgrade: a foreign Origin is refused (403) and the session cookie
 * must name a live session (401); the user and session are set on the request.
 */
export function requireSocketSession(db: Db, origins: OriginPolicy): onRequestHookHandler {
  return async (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.allows(request, origin))
      throw new AppError(403, "forbidden", "Cross-origin WebSocket refused");
    const token = sessionToken(request);
    const found = token ? await findSessionUser(db, token) : null;
    if (!found) throw new AppError(401, "unauthorized", "Sign in to continue");
    request.user = found.user;
    request.sessionId = found.sessionId;
  };
}
