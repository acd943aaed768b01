import { type AuthorizationRequest, oauthApi, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { allowCrossOrigin, TOKEN_ONLY } from "../http/cors";
import { AppError, parse } from "../http/errors";
import { serverOrigin } from "../http/public-origin";
import { countHit, tooManyRequests } from "../http/rate-limit-store";
import { currentUser } from "../http/request-user";
import { type Authorizations, redirectWith, UnsafeRedirectError } from "./authorization";
import type { OAuthClients } from "./clients";
import { invalidRequest, OAuthError } from "./errors";
import type { OAuthGrants } from "./grants";
import { oauthUrls } from "./metadata";

/** Registrations one address may make a minute (registration needs no account). */
const REGISTRATIONS_PER_MINUTE = 20;
/** Sign-in links one address may open a minute. */
const AUTHORIZATIONS_PER_MINUTE = 30;

const requestFields = [
  "client_id",
  "redirect_uri",
  "response_type",
  "code_challenge",
  "code_challenge_method",
  "state",
  "scope",
  "resource",
] as const;

/** An authorization request from a query string; a parameter given twice counts as missing. */
function authorizationRequest(query: unknown): AuthorizationRequest {
  const q = (query ?? {}) as Record<string, unknown>;
  const one = (name: string) => {
    const value = q[name];
    return typeof value === "string" && value.length <= 2048 ? value : undefined;
  };
  const out: Record<string, string | undefined> = {};
  for (const name of requestFields) out[name] = one(name);
  return {
    ...out,
    client_id: out.client_id ?? "",
    redirect_uri: out.redirect_uri ?? "",
    response_type: out.response_type ?? "",
    code_challenge: out.code_challenge ?? "",
  } as AuthorizationRequest;
}

/**
 * /oauth/*: NeuroOS as an OAuth 2.1 authorization server for /mcp (authorization code with PKCE,
 * dynamic registration, client ID metadata documents, refresh rotation, revocation), and the
 * consent screen's and Settings' calls under /api/oauth.
 */
export async function oauthRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    clients: OAuthClients;
    authorizations: Authorizations;
    grants: OAuthGrants;
    publicUrl: string | undefined;
  },
) {
  const { authorizations, grants } = deps;
  const urls = (request: FastifyRequest) => oauthUrls(serverOrigin(request, deps.publicUrl));

  /** The browser's first stop: a checked request goes on to the consent screen (signed in first). */
  app.get("/oauth/authorize", async (request, reply) => {
    // A sign-in link may have NeuroOS read an app's document: not as often as anyone likes.
    const { count, ttlMs } = await countHit(deps.db, `oauth-authorize ${request.ip}`, 60_000);
    if (count > AUTHORIZATIONS_PER_MINUTE) throw tooManyRequests(ttlMs);
    const u = urls(request);
    const asked = authorizationRequest(request.query);
    try {
      await authorizations.check(asked, u.resource);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      const browser = (request.headers.accept ?? "").includes("text/html");
      if (err instanceof UnsafeRedirectError) {
        // Never to the unknown redirect URI: a browser is shown why in words, a program gets JSON.
        if (browser) return reply.redirect(`/oauth/error?${new URLSearchParams({ error: err.error })}`);
        return reply.status(err.status).send(err.body);
      }
      // Anyone can register an app, so a browser is not bounced on to its address by a link that
      // fails (NeuroOS as an open redirector, RFC 9700 4.11.2): it is shown the refusal here.
      if (browser) return reply.redirect("/oauth/error?error=malformed_request");
      return reply.redirect(
        redirectWith(asked.redirect_uri, { ...err.body, state: asked.state, iss: u.issuer }),
      );
    }
    const search = new URLSearchParams(
      Object.entries(asked).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
    );
    return reply.redirect(`/oauth/consent?${search}`);
  });

  // The endpoints clients call: OAuth's form bodies, OAuth's error shape, no cookies, no caching.
  await app.register(async (endpoints) => {
    // A browser app signs in from its own origin (the MCP Inspector...): a public client, no cookie.
    allowCrossOrigin(endpoints, {
      paths: ["/oauth/register", "/oauth/token", "/oauth/revoke"],
      methods: ["POST"],
      allowHeaders: ["content-type", "authorization"],
      origin: () => "*",
    });
    endpoints.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    endpoints.setErrorHandler((error, _request, reply) => {
      if (error instanceof OAuthError)
        return reply.status(error.status).header("cache-control", "no-store").send(error.body);
      if (error instanceof AppError) throw error;
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status < 500)
        return reply
          .status(400)
          .send(invalidRequest(`The request could not be read: ${(error as Error).message}`).body);
      throw error;
    });
    const form = (request: FastifyRequest) => {
      const body = request.body;
      if (!body || typeof body !== "object" || Array.isArray(body))
        throw invalidRequest("Send the parameters as application/x-www-form-urlencoded");
      const out: Record<string, string> = {};
      for (const [key, value] of Object.entries(body)) if (typeof value === "string") out[key] = value;
      // A client that authenticates with HTTP Basic (RFC 6749 §2.3.1) names itself there; no
      // secret was issued, so only its client_id counts (PKCE proves the code is its own).
      const basic = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (basic && !out.client_id) {
        const user = Buffer.from(basic, "base64").toString("utf8").split(":")[0] ?? "";
        try {
          out.client_id = decodeURIComponent(user.replace(/\+/g, " "));
        } catch {
          throw invalidRequest("The Authorization header's client_id is not URL-encoded");
        }
      }
      return out;
    };

    endpoints.post("/oauth/register", { config: TOKEN_ONLY }, async (request, reply) => {
      const { count, ttlMs } = await countHit(deps.db, `oauth-register ${request.ip}`, 60_000);
      if (count > REGISTRATIONS_PER_MINUTE) throw tooManyRequests(ttlMs);
      return reply
        .status(201)
        .header("cache-control", "no-store")
        .send(await deps.clients.register(request.body));
    });
    endpoints.post("/oauth/token", { config: TOKEN_ONLY }, async (request, reply) => {
      const body = form(request);
      const answer = await (async () => {
        if (body.grant_type === "authorization_code")
          return grants.exchangeCode(body, urls(request).resource);
        if (body.grant_type === "refresh_token") return grants.refresh(body);
        if (!body.grant_type) throw invalidRequest("grant_type is required");
        throw new OAuthError(400, "unsupported_grant_type", `grant_type ${body.grant_type} is not supported`);
      })();
      return reply.header("cache-control", "no-store").header("pragma", "no-cache").send(answer);
    });
    endpoints.post("/oauth/revoke", { config: TOKEN_ONLY }, async (request, reply) => {
      await grants.revokeToken(form(request));
      return reply.status(200).send({});
    });
  });

  // The consent screen's calls and Settings' list, as the signed-in person.
  await app.register(async (sessionRoutes) => {
    sessionRoutes.addHook("onRequest", requireSession(deps.db));
    const checked = async (request: FastifyRequest, asked: AuthorizationRequest) => {
      try {
        return await authorizations.check(asked, urls(request).resource);
      } catch (err) {
        if (err instanceof OAuthError) throw new AppError(400, "bad_request", err.description);
        throw err;
      }
    };
    sessionRoutes.get(oauthApi.consent.path, async (request) =>
      authorizations.consent(await checked(request, authorizationRequest(request.query))),
    );
    sessionRoutes.post(oauthApi.decide.path, async (request) => {
      const decision = parse(oauthApi.decide.body, request.body);
      const request_ = await checked(request, decision.request);
      try {
        const issuer = urls(request).issuer;
        return {
          redirectTo: await authorizations.decide(currentUser(request).id, decision, request_, issuer),
        };
      } catch (err) {
        if (err instanceof OAuthError) throw new AppError(400, "bad_request", err.description);
        throw err;
      }
    });
    sessionRoutes.get(oauthApi.grants.path, async (request) => grants.list(currentUser(request).id));
    sessionRoutes.delete(
      oauthApi.revoke.path,
      async (
        request: FastifyRequest<{ Params: PathParams<typeof oauthApi.revoke.path> }>,
        reply: FastifyReply,
      ) => {
        await grants.revoke(currentUser(request).id, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
