import type { User } from "@neuroos/contracts";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by auth's session hooks: the signed-in person, or null for a visitor. */
    user: User | null;
    sessionId: string | null;
  }
}

/** The signed-in person of a request (a route behind requireSession); 401 when there is none. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError(401, "unauthorized", "Sign in to continue");
  return request.user;
}
