import type { FastifyInstance, FastifyRequest } from "fastify";
import { mcpResourceMetadataUrl, serverOrigin } from "../http/public-origin";
import { MCP_SCOPES } from "../mcp/routes";

/** The addresses of this authorization server, as its metadata names them. */
export function oauthUrls(origin: string) {
  return {
    issuer: origin,
    resource: `${origin}/mcp`,
    authorize: `${origin}/oauth/authorize`,
    token: `${origin}/oauth/token`,
    register: `${origin}/oauth/register`,
    revoke: `${origin}/oauth/revoke`,
    consentPage: `${origin}/oauth/consent`,
  };
}

/**
 * The discovery documents an MCP client reads (MCP authorization 2025-11-25): the protected
 * resource's (RFC 9728: /mcp, and which server issues its tokens) and the authorization server's
 * (RFC 8414; also at OpenID's address, which some clients try first).
 */
export async function oauthMetadataRoutes(app: FastifyInstance, deps: { publicUrl: string | undefined }) {
  const urls = (request: FastifyRequest) => oauthUrls(serverOrigin(request, deps.publicUrl));

  const protectedResource = async (request: FastifyRequest) => {
    const u = urls(request);
    return {
      resource: u.resource,
      authorization_servers: [u.issuer],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ["header"],
      resource_name: "NeuroOS",
      resource_documentation: `${u.issuer}/docs`,
    };
  };
  const authorizationServer = async (request: FastifyRequest) => {
    const u = urls(request);
    return {
      issuer: u.issuer,
      authorization_endpoint: u.authorize,
      token_endpoint: u.token,
      registration_endpoint: u.register,
      revocation_endpoint: u.revoke,
      scopes_supported: [...MCP_SCOPES],
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
      revocation_endpoint_auth_methods_supported: ["none"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  };
  const open = { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" };
  for (const path of ["/.well-known/oauth-protected-resource", mcpResourceMetadataUrl("")])
    app.get(path, async (request, reply) => reply.headers(open).send(await protectedResource(request)));
  for (const path of ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"])
    app.get(path, async (request, reply) => reply.headers(open).send(await authorizationServer(request)));
}
