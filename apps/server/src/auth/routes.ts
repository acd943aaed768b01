import {
  type AuthResponse,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
} from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { LoginThrottle, waitInWords } from "./login-throttle";
import type { Mailer } from "./mailer";
import * as auth from "./service";
import { clearSessionCookie, requireSession, sessionToken, setSessionCookie } from "./session";

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  executiveDomains: string[];
  publicUrl?: string;
  /** Sign-in attempts allowed per IP per minute. */
  loginPerMinute?: number;
  /** The sign-in limits' windows (tests shorten them). */
  signInWindows?: SignInWindows;
}

export interface SignInWindows {
  /** The per-IP limit's fixed window: a minute. */
  perAddressMs?: number;
  /** The per-account lockout's sliding window: 15 minutes. */
  perAccountMs?: number;
}

const INVALID_LOGIN = "Invalid email or password.";

export async function authRoutes(app: FastifyInstance, deps: AuthDeps): Promise<void> {
  const { db } = deps;
  // Both sign-in limits live in the database, shared by every node on it.
  const throttle = new LoginThrottle(db, { windowMs: deps.signInWindows?.perAccountMs });
  const addressWindowMs = deps.signInWindows?.perAddressMs ?? 60_000;

  app.post("/api/auth/signup", async (request, reply) => {
    const input = parse(signupSchema, request.body);
    const user = await auth.createUser(db, input, deps.executiveDomains);
    request.log.info({ userId: user.id }, "account created");
    return reply.status(201).send({ user } satisfies AuthResponse);
  });

  app.post(
    "/api/auth/login",
    { config: { rateLimit: { max: deps.loginPerMinute ?? 20, timeWindow: addressWindowMs } } },
    async (request, reply) => {
      const input = parse(loginSchema, request.body);
      const wait = await throttle.attempt(input.email);
      if (wait > 0) {
        throw new AppError(
          429,
          "rate_limited",
          `Too many failed sign-ins. Try again in ${waitInWords(wait)}.`,
          undefined,
          {
            "retry-after": String(wait),
          },
        );
      }
      const user = await auth.verifyCredentials(db, input.email, input.password);
      // A failed try stays counted against the account.
      if (!user) throw new AppError(401, "unauthorized", INVALID_LOGIN);
      await throttle.succeed(input.email);
      // Rotate: the session this browser had before (if any) ends; a fresh token is issued.
      const previous = sessionToken(request);
      if (previous) await auth.deleteSession(db, previous);
      const session = await auth.createSession(db, user.id, input.rememberMe, request.headers["user-agent"]);
      setSessionCookie(request, reply, session.token, input.rememberMe ? session.expiresAt : null);
      return { user } satisfies AuthResponse;
    },
  );

  app.post("/api/auth/logout", async (request, reply) => {
    const token = sessionToken(request);
    if (token) await auth.deleteSession(db, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get("/api/auth/me", { onRequest: requireSession(db) }, async (request) => {
    return { user: request.user } as AuthResponse;
  });

  app.post(
    "/api/auth/forgot-password",
    { config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { email } = parse(forgotPasswordSchema, request.body);
      const reset = await auth.createPasswordReset(db, email);
      if (reset) {
        const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
        const link = `${origin.replace(/\/$/, "")}/auth/reset-password?token=${encodeURIComponent(reset.token)}`;
        await deps.mailer({
          to: reset.user.email,
          subject: "Reset your NeuroOS password",
          text: `Someone asked to reset the password of your NeuroOS account.\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf it was not you, ignore this mail.`,
        });
      }
      // The same answer whether or not the account exists.
      return reply
        .status(202)
        .send({ message: "If an account exists for that email, a reset link is on its way." });
    },
  );

  app.post("/api/auth/reset-password", async (request) => {
    const input = parse(resetPasswordSchema, request.body);
    const email = await auth.resetPassword(db, input.token, input.password);
    await throttle.succeed(email);
    return { message: "Your password has been reset. Sign in with the new one." };
  });
}
