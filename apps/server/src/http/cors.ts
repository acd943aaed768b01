import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * CORS for endpoints a browser app of another origin calls with a token, never a cookie (an MCP
 * client such as the MCP Inspector, its OAuth sign-in): a preflight answered for `paths`, and
 * their answers readable by the origins `origin` lets in (`"*"` for any). Such routes are
 * marked so that the CSRF guard (origin-guard.ts), which is about cookies, lets them through.
 */
export function allowCrossOrigin(
  app: FastifyInstance,
  o: {
    paths: string[];
    methods: string[];
    allowHeaders: string[];
    exposeHeaders?: string[];
    /** The Access-Control-Allow-Origin for a request from `origin`, or null to refuse it. */
    origin: (request: FastifyRequest, origin: string) => string | null;
  },
): void {
  const allowed = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return origin === undefined ? null : o.origin(request, origin);
  };
  for (const path of o.paths)
    app.options(path, async (request, reply) => {
      const origin = allowed(request);
      reply.header("vary", "Origin");
      if (origin)
        reply.headers({
          "access-control-allow-origin": origin,
          "access-control-allow-methods": o.methods.join(", "),
          "access-control-allow-headers": o.allowHeaders.join(", "),
          "access-control-max-age": "600",
        });
      return reply.status(204).send();
    });
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "OPTIONS" || !o.paths.includes(request.routeOptions.url ?? "")) return;
    const origin = allowed(request);
    // On the raw answer: the routes that stream it (hijacked) send these too.
    reply.raw.setHeader("vary", "Origin");
    if (!origin) return;
    reply.raw.setHeader("access-control-allow-origin", origin);
    if (o.exposeHeaders) reply.raw.setHeader("access-control-expose-headers", o.exposeHeaders.join(", "));
  });
}

/** A route config that lets a cross-origin request past the CSRF guard (it carries no cookie). */
export const TOKEN_ONLY = { tokenOnly: true } as const;

/** Whether the request's route is one of `TOKEN_ONLY`'s. */
export function isTokenOnly(request: FastifyRequest): boolean {
  return (request.routeOptions.config as { tokenOnly?: boolean } | undefined)?.tokenOnly === true;
}
