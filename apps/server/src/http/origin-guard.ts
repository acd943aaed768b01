import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isTokenOnly } from "./cors";
import { AppError } from "./errors";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Which Origins may send state-changing requests and open sockets: the server's own and the
 * extra ones of ALLOWED_ORIGINS. With PUBLIC_URL set, the server's own origin is PUBLIC_URL's,
 * not one built from the Host header (which a DNS-rebinding name controls).
 */
export class OriginPolicy {
  private readonly publicOrigin: string | null;
  private readonly extra: ReadonlySet<string>;

  constructor(options: { publicUrl?: string; allowedOrigins: string[] }) {
    this.publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin.toLowerCase() : null;
    this.extra = new Set(options.allowedOrigins.map((o) => o.toLowerCase()));
  }

  allows(request: FastifyRequest, origin: string): boolean {
    const own = this.publicOrigin ?? `${request.protocol}://${request.host}`.toLowerCase();
    const asked = origin.toLowerCase();
    return asked === own || this.extra.has(asked);
  }

  /**
   * Whether a browser's request cannot be a DNS rebinding. With PUBLIC_URL set, `allows` holds
   * (the Host plays no part). Without it the own origin comes from the Host, which a rebound name
   * controls: a page's request (it carries an Origin) is taken only from a name no DNS answer can
   * point elsewhere (localhost, an IP address) or from an ALLOWED_ORIGINS one. A request without
   * an Origin is no browser page's.
   */
  rebindingSafe(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (this.publicOrigin || origin === undefined) return true;
    if (this.extra.has(origin.toLowerCase())) return true;
    let host: string;
    try {
      host = new URL(origin).hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
    } catch {
      return false;
    }
    return host === "localhost" || host.endsWith(".localhost") || isIP(host) !== 0;
  }
}

/**
 * Refuses state-changing requests sent by pages of another origin (CSRF). Browsers send
 * Origin on every cross-origin POST/PATCH/DELETE and Sec-Fetch-Site on modern ones; clients
 * that are not browsers send neither and are judged by their session cookie alone.
 */
export function registerOriginGuard(app: FastifyInstance, origins: OriginPolicy): void {
  app.addHook("onRequest", async (request) => {
    if (safeMethods.has(request.method) || isTokenOnly(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origins.allows(request, origin)) return;
      throw new AppError(403, "forbidden", "Cross-origin request refused");
    }
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new AppError(403, "forbidden", "Cross-origin request refused");
    }
  });
}
