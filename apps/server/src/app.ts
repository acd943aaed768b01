import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { agentRoutes } from "./agents/routes";
import { createMailer, type Mailer } from "./auth/mailer";
import { authRoutes } from "./auth/routes";
import { chatRoutes } from "./chat/routes";
import type { Database } from "./db/client";
import type { Env } from "./env";
import { errorBody, registerErrorHandler } from "./http/errors";
import { registerOriginGuard } from "./http/origin-guard";
import { type EventBus, InProcessBus } from "./live/bus";
import { FrameRouter } from "./live/frame-router";
import { liveRoutes } from "./live/routes";
import { registerSystemFrames } from "./live/system-frames";
import { loggerOptions } from "./logger";
import { logsRoutes } from "./logs/routes";
import { fileIoCheck, vectorDbCheck } from "./system/module-checks";
import { ModuleRegistry } from "./system/modules";
import { systemRoutes } from "./system/routes";
import { defaultWebDist, webRoutes } from "./web/static";

export interface AppDeps {
  env: Env;
  database: Database;
  sessionSecret: string;
  mailer?: Mailer;
  /** Sign-in attempts allowed per IP per minute (tests raise it). */
  loginPerMinute?: number;
  /** Live events; in-process unless given (several nodes share a PostgreSQL one). */
  bus?: EventBus;
}

export const BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application from its feature plugins; tests build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL),
    bodyLimit: BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  // While shutting down, responses to in-flight requests close their keep-alive connection,
  // so closing the server waits for those requests only.
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
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      ...errorBody("rate_limited", `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} s.`),
    }),
  });
  registerOriginGuard(app, env.ALLOWED_ORIGINS);
  // One WebSocket plugin for every socket route (/ws, the terminal); frames over 1 MB close with 1009.
  await app.register(fastifyWebsocket, { options: { maxPayload: BODY_LIMIT } });

  const mailer = deps.mailer ?? createMailer(env.SMTP_URL, env.MAIL_FROM, app.log);
  const modules = new ModuleRegistry([fileIoCheck(env.DATA_DIR), vectorDbCheck(database)]);
  await app.register(systemRoutes, { database, modules });
  await app.register(authRoutes, {
    db: database.db,
    mailer,
    executiveDomains: env.EXECUTIVE_ACCESS_DOMAINS,
    publicUrl: env.PUBLIC_URL,
    loginPerMinute: deps.loginPerMinute,
  });
  const bus = deps.bus ?? new InProcessBus();
  const frames = new FrameRouter();
  registerSystemFrames(frames, modules);
  await app.register(chatRoutes, { db: database.db });
  await app.register(logsRoutes, { db: database.db });
  await app.register(agentRoutes, { db: database.db });
  await app.register(liveRoutes, {
    db: database.db,
    bus,
    router: frames,
    allowedOrigins: env.ALLOWED_ORIGINS,
  });
  await app.register(webRoutes, { distDir: env.WEB_DIST_DIR ?? defaultWebDist() });
  return app;
}
