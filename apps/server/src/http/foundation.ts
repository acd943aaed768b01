import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { loggerOptions } from "../logger";
import type { Redactor } from "../redaction";
import { registerErrorHandler } from "./errors";
import { OriginPolicy, registerOriginGuard } from "./origin-guard";
import { databaseRateLimitStore, tooManyRequests } from "./rate-limit-store";

/** The largest body (and WebSocket frame) the server takes. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The HTTP server every feature mounts on: the logger (secrets redacted), request ids, cookies,
 * security headers, rate limits counted in the database (every node counts into the same
 * windows), the origin guard, WebSockets, and one error handler. Answers it with its origin policy.
 */
export async function httpFoundation(deps: {
  env: Env;
  database: Database;
  sessionSecret: string;
  redactor: Redactor;
}): Promise<{ app: FastifyInstance; origins: OriginPolicy }> {
  const { env, database } = deps;
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, deps.redactor),
    bodyLimit: BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  // Shutting down, in-flight responses close their keep-alive connection: closing waits for them only.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
  });

  registerErrorHandler(app);
  await app.register(fastifyCookie, { secret: deps.sessionSecret });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'", "ws:", "wss:"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: false,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    // An AppError, so the error handler sends its message (a plain object's was dropped).
    errorResponseBuilder: (_req, ctx) => tooManyRequests(ctx.ttl),
  });
  const origins = new OriginPolicy({ publicUrl: env.PUBLIC_URL, allowedOrigins: env.ALLOWED_ORIGINS });
  registerOriginGuard(app, origins);
  // One WebSocket plugin for every socket route (/ws, the terminal); frames over 1 MB close with 1009.
  await app.register(fastifyWebsocket, { options: { maxPayload: BODY_LIMIT } });
  return { app, origins };
}
