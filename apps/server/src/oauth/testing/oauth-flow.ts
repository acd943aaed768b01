import { createHash, randomBytes } from "node:crypto";

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** POSTs a form to the server, as an OAuth client does. */
export async function postForm(origin: string, path: string, form: Record<string, string>) {
  const response = await fetch(new URL(path, origin), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Registers a client (RFC 7591). */
export async function register(origin: string, metadata: Record<string, unknown>) {
  const response = await fetch(new URL("/oauth/register", origin), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(metadata),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * What a browser does from the authorization URL on: /oauth/authorize sends it to the consent
 * screen, whose calls (as the signed-in person) check the request and give the answer. Returns
 * the consent screen's view and where the browser is sent at the end.
 */
export async function authorizeInBrowser(
  authorizationUrl: URL | string,
  cookie: string,
  answer: { allow: boolean; scope?: "read" | "full"; requireApproval?: boolean },
) {
  const first = await fetch(authorizationUrl, { redirect: "manual" });
  const location = first.headers.get("location");
  if (first.status !== 302 || !location)
    throw new Error(`authorize answered ${first.status}: ${await first.text()}`);
  const consentUrl = new URL(location, authorizationUrl);
  if (consentUrl.pathname !== "/oauth/consent") return { redirectTo: consentUrl, consent: null };
  const request = Object.fromEntries(consentUrl.searchParams);
  const api = new URL(`/api/oauth/consent${consentUrl.search}`, authorizationUrl);
  const shown = await fetch(api, { headers: { cookie } });
  if (shown.status !== 200) throw new Error(`consent answered ${shown.status}: ${await shown.text()}`);
  const consent = await shown.json();
  const decided = await fetch(new URL("/api/oauth/consent", authorizationUrl), {
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ request, ...answer }),
  });
  if (decided.status !== 200) throw new Error(`decision answered ${decided.status}: ${await decided.text()}`);
  return { consent, redirectTo: new URL(((await decided.json()) as { redirectTo: string }).redirectTo) };
}

/** The HTTP status of an MCP ping to /mcp with `token`: 200 while it is good, 401 once it is not. */
export async function mcpPingStatus(origin: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  });
  await response.body?.cancel();
  return response.status;
}

/** A JSON-RPC request to /mcp with a token (and a session's id). */
export function mcpPost(origin: string, token: string, request: { body: object; session?: string }) {
  return fetch(`${origin}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      ...(request.session ? { "mcp-session-id": request.session } : {}),
    },
    body: JSON.stringify(request.body),
  });
}

/** A new MCP session's id (initialize with the token). */
export async function mcpSessionOf(origin: string, token: string): Promise<string> {
  const opened = await mcpPost(origin, token, {
    body: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    },
  });
  return opened.headers.get("mcp-session-id") ?? "";
}

/** Sign-in links to `origin` for an app whose answers go to `redirectUri`. */
export const authorizeUrlAt =
  (origin: string, redirectUri: string) =>
  (clientId: string, challenge: string, extra: Record<string, string> = {}) => {
    const url = new URL("/oauth/authorize", origin);
    const params = {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      code_challenge: challenge,
      code_challenge_method: "S256",
      state: "st-123",
      resource: `${origin}/mcp`,
      ...extra,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  };

/** A code traded for tokens at the token endpoint. */
export const exchangeCode = (
  origin: string,
  c: {
    clientId: string;
    code: string;
    verifier: string;
    redirectUri: string;
    extra?: Record<string, string>;
  },
) =>
  postForm(origin, "/oauth/token", {
    grant_type: "authorization_code",
    client_id: c.clientId,
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: c.redirectUri,
    ...c.extra,
  });
