import type { FastifyRequest } from "fastify";

/**
 * The origin clients reach this server at: PUBLIC_URL's when set (behind a proxy, and never one a
 * Host header chose), else the request's own protocol and host.
 */
export const serverOrigin = (request: FastifyRequest, publicUrl: string | undefined): string =>
  publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;

/** Where an MCP client reads how to get a token for /mcp (RFC 9728 protected-resource metadata). */
export const mcpResourceMetadataUrl = (origin: string) =>
  `${origin}/.well-known/oauth-protected-resource/mcp`;
