import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { AccessTokens } from "../mcp/tokens";
import type { EndpointPolicy } from "../platform/endpoint-guard";
import { Authorizations } from "./authorization";
import { OAuthClients } from "./clients";
import { OAuthGrants } from "./grants";
import { oauthMetadataRoutes } from "./metadata";
import { oauthRoutes } from "./routes";

/**
 * NeuroOS as an OAuth 2.1 authorization server of its own for /mcp (MCP authorization
 * 2025-11-25): discovery documents, clients, the consent flow, and tokens that are /mcp's own
 * access tokens (with an end and a grant), so the bearer check takes them as they are.
 */
export async function mountOAuth(
  app: FastifyInstance,
  deps: { db: Db; env: Env; tokens: AccessTokens; endpointPolicy: EndpointPolicy },
) {
  const { db, env } = deps;
  const clients = new OAuthClients(db, deps.endpointPolicy);
  app.addHook("onClose", () => clients.close());
  const authorizations = new Authorizations(db, clients);
  const grants = new OAuthGrants(db, deps.tokens);
  await app.register(oauthMetadataRoutes, { publicUrl: env.PUBLIC_URL });
  await app.register(oauthRoutes, { db, clients, authorizations, grants, publicUrl: env.PUBLIC_URL });
  return { grants };
}
