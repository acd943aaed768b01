import { type ProviderId, providerCatalog } from "@neuroos/contracts";
import type { Env } from "../env";
import { type EndpointPolicy, EndpointRefusedError, parseEndpoint } from "../platform/endpoint-guard";
import type { ProviderAccess } from "./access";
import { LlmError, notConfigured } from "./errors";
import type { Connection } from "./types";

/** What the operator configured for a provider (trusted). */
export interface ServerProviderConfig {
  apiKey?: string;
  baseUrl?: string;
}

export function serverProviderConfig(env: Env): Record<ProviderId, ServerProviderConfig> {
  return {
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL },
    anthropic: { apiKey: env.ANTHROPIC_API_KEY, baseUrl: env.ANTHROPIC_BASE_URL },
    huggingface: { apiKey: env.HF_TOKEN, baseUrl: env.HF_BASE_URL },
    ollama: { baseUrl: env.OLLAMA_BASE_URL },
    local: {},
  };
}

export interface ResolvedConnection extends Connection {
  keySource: "user" | "server" | "none";
  /** The address came from the user (settings or the request), not the operator. */
  userEndpoint: boolean;
}

/** Drops an Authorization/x-api-key header left empty when there is no key to send. */
function withoutEmptyCredentials(inner: typeof fetch): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const headers = init?.headers;
    if (headers && !(headers instanceof Headers) && !Array.isArray(headers)) {
      const kept: Record<string, string> = {};
      for (const [k, raw] of Object.entries(headers as Record<string, string | undefined>)) {
        if (raw === undefined) continue;
        const v = String(raw);
        const lower = k.toLowerCase();
        if ((lower === "authorization" && /^Bearer\s*$/.test(v)) || (lower === "x-api-key" && v === ""))
          continue;
        kept[k] = v;
      }
      return inner(input, { ...init, headers: kept });
    }
    return inner(input, init);
  }) as typeof fetch;
}

/**
 * Where a request for `provider` goes and with which key. A user's own base URL (or a
 * request's Ollama endpoint) gets only the user's own key, never the server-wide one, and is
 * reached through the SSRF-guarded fetch; otherwise the user's key wins over the server's.
 */
export function resolveConnection(
  provider: ProviderId,
  access: ProviderAccess,
  server: ServerProviderConfig,
  options: {
    endpoint?: string;
    guardedFetch: typeof fetch;
    trustedFetch: typeof fetch;
    policy: EndpointPolicy;
  },
): ResolvedConnection {
  const userBase = options.endpoint ?? access.baseUrl;
  if (userBase) {
    try {
      parseEndpoint(userBase, options.policy);
    } catch (err) {
      if (err instanceof EndpointRefusedError) throw new LlmError(400, "llm_endpoint_refused", err.message);
      throw err;
    }
    const apiKey = access.apiKey;
    return {
      baseUrl: userBase.replace(/\/+$/, ""),
      apiKey,
      keySource: apiKey ? "user" : "none",
      userEndpoint: true,
      fetch: apiKey ? options.guardedFetch : withoutEmptyCredentials(options.guardedFetch),
    };
  }
  const apiKey = access.apiKey ?? server.apiKey ?? null;
  const keySource = access.apiKey ? "user" : server.apiKey ? "server" : "none";
  return {
    baseUrl: (server.baseUrl ?? providerCatalog[provider].defaultBaseUrl).replace(/\/+$/, ""),
    apiKey,
    keySource,
    userEndpoint: false,
    fetch: apiKey ? options.trustedFetch : withoutEmptyCredentials(options.trustedFetch),
  };
}

/** Throws llm_not_configured when the provider cannot be called as resolved. */
export function assertUsable(
  provider: ProviderId,
  access: ProviderAccess,
  connection: ResolvedConnection,
): void {
  if (access.keyUnreadable && !connection.apiKey) {
    throw notConfigured(
      provider,
      "the stored API key cannot be decrypted (the server's SECRET_KEY changed); enter it again in Settings",
    );
  }
  if (providerCatalog[provider].needsKey && !connection.apiKey && !connection.userEndpoint) {
    throw notConfigured(provider, "add an API key in Settings");
  }
}
