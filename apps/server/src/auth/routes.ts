import {
  type AuthResponse,
  authApi,
  type EmailVerification,
  type MeResponse,
  type User,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import { createEmailVerification, verificationOf, verifyEmail } from "./email-verification";
import { LoginThrottle, waitInWords } from "./login-throttle";
import type { Mailer } from "./mailer";
import * as auth from "./service";
import {
  clearSessionCookie,
  optionalSession,
  requireSession,
  SESSION_COOKIE,
  sessionToken,
  setSessionCookie,
} from "./session";

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  /** Whether mail leaves the server (SMTP_URL set): only then is a verification link sent. */
  mailConfigured: boolean;
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

  // Behind requireSession: the user is set.
  /** A link into the web app carrying a mailed token. */
  const linkTo = (request: FastifyRequest, page: string, token: string) => {
    const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
    return `${origin.replace(/\/$/, "")}${page}?token=${encodeURIComponent(token)}`;
  };
  const sendVerification = async (request: FastifyRequest, user: User) => {
    const token = await createEmailVerification(db, user.id);
    await deps.mailer({
      to: user.email,
      subject: "Verify your NeuroOS email address",
      text: `Welcome to NeuroOS, ${user.username}.\n\nOpen this link within 24 hours to verify your email address:\n${linkTo(request, "/auth/verify-email", token)}\n\nIf you did not create this account, ignore this mail.`,
    });
  };

  app.post(authApi.signup.path, async (request, reply) => {
    const input = parse(authApi.signup.body, request.body);
    const user = await auth.createUser(db, input, deps.executiveDomains);
    request.log.info({ userId: user.id }, "account created");
    // The account exists either way: a mail that fails can be sent again from Settings.
    if (deps.mailConfigured)
      await sendVerification(request, user).catch((err: unknown) =>
        request.log.warn({ err, userId: user.id }, "the verification mail could not be sent"),
      );
    return reply.status(201).send({ user } satisfies AuthResponse);
  });

  app.get(authApi.emailVerification.path, { onRequest: requireSession(db) }, async (request) => {
    const { email, verified } = await verificationOf(db, currentUser(request).id);
    return { email, verified, canSend: deps.mailConfigured } satisfies EmailVerification;
  });

  app.post(
    authApi.sendVerification.path,
    { onRequest: requireSession(db), config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    async (request, reply) => {
      const user = currentUser(request);
      if (!deps.mailConfigured)
        throw new AppError(409, "conflict", "This server does not send mail, so no link can be sent.");
      if ((await verificationOf(db, user.id)).verified)
        throw new AppError(409, "conflict", "Your email address is already verified.");
      await sendVerification(request, user);
      return reply.status(202).send({ message: `A new link is on its way to ${user.email}.` });
    },
  );

  app.post(authApi.verifyEmail.path, async (request) => {
    const { token } = parse(authApi.verifyEmail.body, request.body);
    await verifyEmail(db, token);
    return { message: "Your email address is verified." };
  });

  app.post(
    authApi.login.path,
    { config: { rateLimit: { max: deps.loginPerMinute ?? 20, timeWindow: addressWindowMs } } },
    async (request, reply) => {
      const input = parse(authApi.login.body, request.body);
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

  app.post(authApi.logout.path, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await auth.deleteSession(db, token);
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  // Signed out is an answer, not an error: { user: null } (a stale cookie is cleared).
  app.get(authApi.me.path, { onRequest: optionalSession(db) }, async (request, reply) => {
    if (!request.user && request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply);
    return { user: request.user } satisfies MeResponse;
  });

  app.post(
    authApi.forgotPassword.path,
    { config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    async (request, reply) => {
      const { email } = parse(authApi.forgotPassword.body, request.body);
      const reset = await auth.createPasswordReset(db, email);
      if (reset) {
        const link = linkTo(request, "/auth/reset-password", reset.token);
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

  app.post(authApi.resetPassword.path, async (request) => {
    const input = parse(authApi.resetPassword.body, request.body);
    const email = await auth.resetPassword(db, input.token, input.password);
    await throttle.succeed(email);
    return { message: "Your password has been reset. Sign in with the new one." };
  });
}
