import { createHash } from "node:crypto";
import {
  type ProviderId,
  type ProviderInfo,
  type ProviderStatus,
  type ProvidersResponse,
  providerCatalog,
  providerIds,
} from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { UserLlmAccess } from "./access";
import { LlmError, toLlmError } from "./errors";
import { listInstalled } from "./local/models-dir";
import type { LlmGateway } from "./service";

const STATUS_TTL_MS = 30_000;
const PING_TIMEOUT_MS = 5_000;

type Verdict = Pick<ProviderStatus, "status" | "detail">;

function verdictOf(error: LlmError): Verdict {
  const status: ProviderStatus["status"] =
    error.code === "llm_invalid_key"
      ? "invalid_key"
      : error.code === "llm_rate_limited" || error.code === "llm_quota_exceeded"
        ? "rate_limited"
        : error.code === "llm_not_configured"
          ? "unconfigured"
          : error.code === "llm_provider_down" ||
              error.code === "llm_timeout" ||
              error.code === "llm_endpoint_refused"
            ? "unreachable"
            : "error";
  return { status, detail: error.message };
}

/**
 * Live provider checks, cached for 30 s per (provider, address, key, model): 'active' only
 * when the provider is configured and answered. Concurrent checks of the same target share
 * one request.
 */
export class ProviderStatuses {
  private readonly cache = new Map<string, { at: number; verdict: Promise<Verdict> }>();

  constructor(private readonly gateway: LlmGateway) {}

  async status(
    userId: string,
    provider: ProviderId,
    options: { refresh?: boolean } = {},
  ): Promise<ProviderStatus> {
    const access = await this.gateway.access(userId);
    const verdict = await this.check(provider, access, options.refresh ?? false);
    return { provider, ...verdict, checkedAt: new Date().toISOString() };
  }

  /**
   * Tries a provider with access that is not saved yet (a key or address being entered): lists
   * its models with them, uncached. Resolves with the verdict; 'active' when it answered.
   */
  async tryAccess(provider: ProviderId, access: UserLlmAccess): Promise<Verdict> {
    return this.check(provider, access, true);
  }

  private async check(provider: ProviderId, access: UserLlmAccess, refresh: boolean): Promise<Verdict> {
    let call: Awaited<ReturnType<LlmGateway["prepare"]>>;
    try {
      call = await this.gateway.prepare("", { provider }, access);
    } catch (err) {
      if (err instanceof LlmError) return verdictOf(err);
      throw err;
    }
    const { connection } = call;
    const keyHash = connection.apiKey ? createHash("sha256").update(connection.apiKey).digest("hex") : "";
    const key = `${provider}|${connection.baseUrl}|${keyHash}|${call.model}`;
    const cached = this.cache.get(key);
    if (cached && !refresh && Date.now() - cached.at < STATUS_TTL_MS) return cached.verdict;
    const verdict = this.ping(call);
    this.cache.set(key, { at: Date.now(), verdict });
    if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value as string);
    return verdict;
  }

  private async ping(call: Awaited<ReturnType<LlmGateway["prepare"]>>): Promise<Verdict> {
    const signal = AbortSignal.timeout(Math.min(PING_TIMEOUT_MS, this.gateway.timeoutMs));
    try {
      const detail = await call.adapter.ping(call.connection, signal, call.model);
      return { status: "active", detail };
    } catch (err) {
      return verdictOf(
        toLlmError(err, {
          provider: call.provider,
          model: call.model,
          redactor: call.redactor,
          timedOut: signal.aborted,
          timeoutMs: Math.min(PING_TIMEOUT_MS, this.gateway.timeoutMs),
        }),
      );
    }
  }

  /** Every provider for this user: configured or not, where it goes, its models. */
  async providers(userId: string): Promise<ProvidersResponse> {
    const access = await this.gateway.access(userId);
    const installed = listInstalled(this.gateway.deps.local.options.modelsDir).map((m) => m.name);
    const infos: ProviderInfo[] = [];
    for (const id of providerIds) {
      const catalog = providerCatalog[id];
      let configured = false;
      let connection: ReturnType<LlmGateway["connectionFor"]> | null = null;
      try {
        connection = this.gateway.connectionFor(id, access);
        await this.gateway.prepare("", { provider: id }, access);
        configured = true;
        // Ollama needs no key: it counts as configured once its address answers (cached check).
        if (id === "ollama") configured = (await this.check(id, access, false)).status === "active";
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      const models = id === "local" ? [...new Set([...installed, ...catalog.models])] : [...catalog.models];
      const defaultModel = this.gateway.defaultModel(id, access);
      if (!models.includes(defaultModel)) models.unshift(defaultModel);
      infos.push({
        id,
        name: catalog.name,
        configured,
        keySource: connection?.keySource ?? "none",
        baseUrl: connection?.baseUrl ?? catalog.defaultBaseUrl,
        defaultModel,
        models,
        supportsTools: this.gateway.adapters[id].supportsTools,
      });
    }
    const defaultProvider = access.preferences.defaultProvider;
    const order = [defaultProvider, ...providerIds.filter((p) => p !== defaultProvider)];
    const usable = order.find((p) => infos.find((i) => i.id === p)?.configured) ?? null;
    return { providers: infos, defaultProvider, usableProvider: usable };
  }
}
