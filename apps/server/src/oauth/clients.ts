import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { oauthClients } from "../db/schema";
import { cappedFetch } from "../mcp/capped-fetch";
import { type EndpointPolicy, guardedFetch, parseEndpoint } from "../platform/endpoint-guard";
import { OAuthError } from "./errors";

/** A client as the authorization server knows it. */
export interface OAuthClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  /** Its client_id is the URL of its metadata document: the client is that host's. */
  metadataDocument: boolean;
}

/** A client ID metadata document may be at most this big, and must answer within this time. */
const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_TIMEOUT_MS = 5_000;
/** A metadata document read is kept this long (one sign-in reads it at each of its steps). */
const METADATA_KEPT_MS = 5 * 60_000;
/** At most this many documents are kept (the oldest go first). */
const METADATA_KEPT_MAX = 500;
const MAX_REDIRECT_URIS = 10;

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** Whether a redirect URI may receive codes: https, or http to this machine (a desktop client). */
export function redirectUriRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${raw} is not a URL`;
  }
  if (url.hash) return `${raw} has a fragment (#...)`;
  if (url.username || url.password) return `${raw} holds a user name or password`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname)) return null;
  return `${raw} must be https (or http to localhost or 127.0.0.1)`;
}

/**
 * Whether `requested` is one of the client's redirect URIs. A desktop client listens on whatever
 * port is free when it signs in, so for http to this machine any port matches (RFC 8252 §7.3);
 * everything else must be the same, character for character.
 */
export function redirectUriRegistered(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const asked = URL.canParse(requested) ? new URL(requested) : null;
  if (asked?.protocol !== "http:" || !LOOPBACK_HOSTS.includes(asked.hostname)) return false;
  const portless = (url: URL) => `${url.protocol}//${url.hostname}${url.pathname}${url.search}${url.hash}`;
  return registered.some((uri) => {
    const known = URL.canParse(uri) ? new URL(uri) : null;
    return known?.protocol === "http:" && portless(known) === portless(asked);
  });
}

const registrationSchema = z.object({
  redirect_uris: z.array(z.string().max(2048)).min(1).max(MAX_REDIRECT_URIS),
  client_name: z.string().trim().max(200).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
});

const metadataDocumentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().max(200).optional(),
  redirect_uris: z.array(z.string().max(2048)).min(1).max(MAX_REDIRECT_URIS),
});

const badMetadata = (description: string) => new OAuthError(400, "invalid_client_metadata", description);

/** OAuth clients: registered by themselves (RFC 7591), or known by their metadata document's URL. */
export class OAuthClients {
  private readonly fetchDocument: typeof fetch;
  /** Documents read lately, by client_id: NeuroOS is not made to fetch one again and again. */
  private readonly documents = new Map<string, { client: OAuthClient; readAt: number }>();
  /** Lets go of the outbound connections (when the server closes). */
  readonly close: () => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly endpointPolicy: EndpointPolicy,
  ) {
    const guarded = guardedFetch(endpointPolicy);
    this.fetchDocument = cappedFetch(guarded.fetch, METADATA_MAX_BYTES);
    this.close = guarded.close;
  }

  /** Dynamic client registration: a public client (no secret; PKCE proves it). */
  async register(body: unknown) {
    const parsed = registrationSchema.safeParse(body);
    if (!parsed.success) throw badMetadata("redirect_uris (1 to 10 URLs) is required; client_name is text");
    const input = parsed.data;
    for (const uri of input.redirect_uris) {
      const refusal = redirectUriRefusal(uri);
      if (refusal) throw new OAuthError(400, "invalid_redirect_uri", refusal);
    }
    const unsupported = (input.grant_types ?? []).filter(
      (g) => g !== "authorization_code" && g !== "refresh_token",
    );
    if (unsupported.length > 0) throw badMetadata(`Unsupported grant_types: ${unsupported.join(", ")}`);
    if ((input.response_types ?? ["code"]).some((r) => r !== "code"))
      throw badMetadata('Only the response type "code" is supported');
    const [row] = await this.db
      .insert(oauthClients)
      .values({ id: randomUUID(), clientName: input.client_name || null, redirectUris: input.redirect_uris })
      .returning();
    if (!row) throw new Error("The client was not stored");
    return {
      client_id: row.id,
      client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
      ...(row.clientName ? { client_name: row.clientName } : {}),
      redirect_uris: row.redirectUris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      // A public client: whatever it asked for, it authenticates with PKCE and no secret.
      token_endpoint_auth_method: "none",
    };
  }

  /**
   * Whether a client_id is a metadata document's URL (https with a path; http only to a host:port
   * the endpoint allowlist names, as tests do): null when it is not a URL at all.
   */
  private metadataUrl(clientId: string): { ok: true } | { ok: false; why: string } | null {
    if (!/^https?:\/\//.test(clientId)) return null;
    try {
      const { url, allowlisted } = parseEndpoint(clientId, this.endpointPolicy);
      if (url.protocol !== "https:" && !allowlisted) return { ok: false, why: "it must be an https URL" };
      if (url.pathname === "/") return { ok: false, why: "it must have a path" };
      return { ok: true };
    } catch (err) {
      return { ok: false, why: (err as Error).message };
    }
  }

  /** The client a client_id names, or an error saying why it cannot be used. */
  async find(clientId: string): Promise<OAuthClient> {
    const asUrl = this.metadataUrl(clientId);
    if (asUrl?.ok) return this.keptDocument(clientId);
    if (asUrl) throw new OAuthError(400, "invalid_client", `The client_id URL is refused: ${asUrl.why}`);
    if (!/^[0-9a-f-]{36}$/.test(clientId)) throw new OAuthError(400, "invalid_client", "Unknown client_id");
    const [row] = await this.db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
    if (!row) throw new OAuthError(400, "invalid_client", "Unknown client_id: register the client first");
    return {
      clientId: row.id,
      clientName: row.clientName ?? "An unnamed app",
      redirectUris: row.redirectUris,
      metadataDocument: false,
    };
  }

  /** A metadata document's client, read at most once in METADATA_KEPT_MS. */
  private async keptDocument(clientId: string): Promise<OAuthClient> {
    const kept = this.documents.get(clientId);
    if (kept && Date.now() - kept.readAt < METADATA_KEPT_MS) return kept.client;
    const client = await this.fromMetadataDocument(clientId);
    this.documents.delete(clientId);
    this.documents.set(clientId, { client, readAt: Date.now() });
    for (const oldest of this.documents.keys()) {
      if (this.documents.size <= METADATA_KEPT_MAX) break;
      this.documents.delete(oldest);
    }
    return client;
  }

  /** Reads a client ID metadata document through the outbound guard (no private addresses, capped, timed). */
  private async fromMetadataDocument(clientId: string): Promise<OAuthClient> {
    let document: unknown;
    try {
      const response = await this.fetchDocument(clientId, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`it answered HTTP ${response.status}`);
      document = JSON.parse(await response.text());
    } catch (err) {
      throw new OAuthError(
        400,
        "invalid_client",
        `The client's metadata document could not be read: ${(err as Error).message}`,
      );
    }
    const parsed = metadataDocumentSchema.safeParse(document);
    if (!parsed.success)
      throw new OAuthError(400, "invalid_client", "The client's metadata document has no redirect_uris");
    if (parsed.data.client_id !== clientId)
      throw new OAuthError(400, "invalid_client", "The client's metadata document names another client_id");
    // The same rule as registration: a document cannot send the browser to javascript: or plain http.
    const refused = parsed.data.redirect_uris.map(redirectUriRefusal).find((why) => why !== null);
    if (refused)
      throw new OAuthError(400, "invalid_client", `The client's metadata document is refused: ${refused}`);
    return {
      clientId,
      clientName: parsed.data.client_name?.trim() || new URL(clientId).host,
      redirectUris: parsed.data.redirect_uris,
      metadataDocument: true,
    };
  }
}
