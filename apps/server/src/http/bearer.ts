import type { FastifyRequest } from "fastify";

/** The token of an `Authorization: Bearer …` header (the scheme in any case, RFC 7235), if any. */
export const bearerToken = (request: FastifyRequest): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
