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
 * Serves the web app's files; any other path that is not under /api gets index.html, and the
 * app's router shows the page (or its '404 Page Not Found'). Unknown /api paths are JSON 404s.
 */
export async function webRoutes(app: FastifyInstance, deps: { distDir: string | undefined }): Promise<void> {
  const { distDir } = deps;
  if (distDir) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: "1h" });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (pathname === "/api" || pathname.startsWith("/api/") || !wantsPage) {
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
