import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { errorBody } from "../http/errors";

/** The built web app (apps/web/dist), found next to the server whether it runs from src or dist. */
export function defaultWebDist(): string | undefined {
  let dir = path.dirname(new URL(import.meta.url).pathname);
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "web", "dist");
    if (fs.existsSync(path.join(candidate, "index.html"))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Prefixes that belong to programs, not to the web app: an unknown path under one is a JSON 404
 * for every method, never the app's page (an MCP client's OAuth discovery reads
 * /.well-known/..., an OpenAI client /v1/...: HTML there breaks them or reads as an empty answer).
 */
const PROGRAM_PREFIXES = ["/api", "/v1", "/mcp", "/.well-known"] as const;

/** Whether a path is one of PROGRAM_PREFIXES or under one (`/v1x` is not under `/v1`). */
export const isProgramPath = (pathname: string) =>
  PROGRAM_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * Serves the web app's files; any other GET of a path that is not a program's (PROGRAM_PREFIXES)
 * gets index.html, and the app's router shows the page (or its '404 Page Not Found'). Unknown
 * program paths, and every other method, are JSON 404s.
 */
export async function webRoutes(app: FastifyInstance, deps: { distDir: string | undefined }): Promise<void> {
  const { distDir } = deps;
  if (distDir) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: "1h" });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (isProgramPath(pathname) || !wantsPage) {
      return reply.status(404).send(errorBody("not_found", `No route ${request.method} ${pathname}`));
    }
    if (!distDir) {
      return reply
        .status(503)
        .send(errorBody("service_unavailable", "The web app is not built (npm run build)"));
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html", { maxAge: 0 });
  });
}
