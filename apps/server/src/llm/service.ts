import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { LlmConfig, LlmUsage, ProviderId } from "@neuroos/contracts";
import { providerCatalog } from "@neuroos/contracts";
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import { type EndpointPolicy, guardedFetch } from "../platform/endpoint-guard";
import { createNodeFetch } from "../platform/http-fetch";
import { Redactor } from "../redaction";
import type { ReadAccess, UserLlmAccess } from "./access";
import { CallDeadline } from "./call-deadline";
import { type CallOrigin, CallTrace, type ModelCallRecord, promptOf, type RecordModelCall } from "./call-log";
import {
  assertUsable,
  type ResolvedConnection,
  resolveConnection,
  type ServerProviderConfig,
  serverProviderConfig,
} from "./connection";
import { type ErrorContext, LlmError, notConfigured, toLlmError } from "./errors";
import { listInstalled } from "./local/models-dir";
import type { LocalRuntime } from "./local/runtime";
import { callOptions, generate, parseToolInput, toUsage } from "./model-call";
import { providerAdapters } from "./providers";
import { providerStreamError } from "./stream-errors";
import type {
  GatewayMessage,
  LlmDoneEvent,
  LlmEvent,
  LlmTextEvent,
  ProviderAdapter,
  StreamChatInput,
  ToolDefinition,
} from "./types";

const ACCESS_TTL_MS = 2000;

export interface GatewayDeps {
  /** A person's provider settings and keys (the settings feature reads them). */
  readAccess: ReadAccess;
  /** Records every model call once (status, timing, tokens); the app writes it to the execution log. */
  recordCall?: RecordModelCall;
  env: Env;
  local: LocalRuntime;
  endpointPolicy: EndpointPolicy;
  log?: FastifyBaseLogger;
  /** Hides the server's secrets in what people see (built at boot; from `env` when not given). */
  redactor?: Redactor;
}

/** One resolved call: provider, model, generation settings and where it goes. */
export interface PreparedCall {
  provider: ProviderId;
  model: string;
  temperature: number;
  maxTokens: number;
  connection: ResolvedConnection;
  adapter: ProviderAdapter;
  /** Hides the server's secrets and this person's keys in what the provider says. */
  redactor: Redactor;
}

export interface ChatResult {
  content: string;
  model: string;
  provider: ProviderId;
  usage: LlmUsage;
  finishReason: string;
}

/**
 * The LLM gateway: every model call of the product goes through here. It resolves the
 * user's provider settings, calls the provider's adapter, enforces a timeout, and turns
 * every failure into one clear LlmError.
 */
export class LlmGateway {
  readonly adapters: Record<ProviderId, ProviderAdapter>;
  private readonly server: Record<ProviderId, ServerProviderConfig>;
  private readonly guarded: ReturnType<typeof guardedFetch>;
  private readonly trusted = createNodeFetch();
  private readonly accessCache = new Map<string, { at: number; value: Promise<UserLlmAccess> }>();
  private readonly redactor: Redactor;

  constructor(readonly deps: GatewayDeps) {
    this.adapters = providerAdapters(deps.local);
    this.redactor = deps.redactor ?? Redactor.fromEnv(deps.env);
    this.server = serverProviderConfig(deps.env);
    this.guarded = guardedFetch(deps.endpointPolicy);
  }

  get timeoutMs(): number {
    return this.deps.env.LLM_TIMEOUT_MS;
  }

  /**
   * The user's settings, cached for ACCESS_TTL_MS (a database round trip is a third of the
   * first-token budget). Saving settings drops the entry at once, on every node (app.ts).
   */
  access(userId: string): Promise<UserLlmAccess> {
    const now = Date.now();
    const hit = this.accessCache.get(userId);
    if (hit && now - hit.at < ACCESS_TTL_MS) return hit.value;
    const value = this.deps.readAccess(userId);
    this.accessCache.set(userId, { at: now, value });
    value.catch(() => this.accessCache.delete(userId));
    if (this.accessCache.size > 10_000)
      this.accessCache.delete(this.accessCache.keys().next().value as string);
    return value;
  }

  /** Forgets a user's cached settings (call after saving them). */
  invalidate(userId: string): void {
    this.accessCache.delete(userId);
  }

  /** Where a request for `provider` would go for this user (no network). */
  connectionFor(provider: ProviderId, access: UserLlmAccess, endpoint?: string): ResolvedConnection {
    if (provider === "local") {
      return { baseUrl: "", apiKey: null, keySource: "none", userEndpoint: false, fetch: globalThis.fetch };
    }
    return resolveConnection(provider, access.providers[provider], this.server[provider], {
      endpoint,
      guardedFetch: this.guarded.fetch,
      trustedFetch: this.trusted.fetch,
      policy: this.deps.endpointPolicy,
    });
  }

  /** Hides the server's secrets wholly and the person's own keys but their last 4 characters. */
  redactorFor(access: UserLlmAccess): Redactor {
    return this.redactor.withOwn(...Object.values(access.providers).map((p) => p.apiKey));
  }

  /** The model a request without one uses. */
  defaultModel(provider: ProviderId, access: UserLlmAccess): string {
    const chosen = access.preferences.models[provider];
    if (chosen) return chosen;
    if (provider === "local")
      return listInstalled(this.deps.local.options.modelsDir)[0]?.name ?? providerCatalog.local.defaultModel;
    return providerCatalog[provider].defaultModel;
  }

  /** Whether this call's provider and model take native tool calls. */
  supportsTools(call: PreparedCall): boolean {
    return call.adapter.supportsTools && !call.adapter.modelsWithoutTools?.test(call.model);
  }

  async prepare(userId: string, config: LlmConfig = {}, access?: UserLlmAccess): Promise<PreparedCall> {
    const a = access ?? (await this.access(userId));
    const provider = config.provider ?? a.preferences.defaultProvider;
    if (config.endpoint && provider !== "ollama") {
      throw new AppError(
        400,
        "validation_failed",
        "config.endpoint: only the ollama provider takes an endpoint",
        {
          "config.endpoint": "Only the ollama provider takes an endpoint",
        },
      );
    }
    const connection = this.connectionFor(provider, a, config.endpoint || undefined);
    if (provider !== "local") assertUsable(provider, a.providers[provider], connection);
    const model = config.model ?? this.defaultModel(provider, a);
    if (
      provider === "local" &&
      !listInstalled(this.deps.local.options.modelsDir).some((m) => m.name === model || m.file === model)
    ) {
      throw notConfigured(
        "local",
        `the model '${model}' is not downloaded (npm run model:pull -- ${providerCatalog.local.defaultModel}, or Settings)`,
      );
    }
    return {
      provider,
      model,
      temperature: config.temperature ?? a.preferences.temperature,
      maxTokens: config.maxTokens ?? a.preferences.maxTokens,
      connection,
      adapter: this.adapters[provider],
      redactor: this.redactorFor(a),
    };
  }

  private errorContext(call: PreparedCall, timedOut: boolean): ErrorContext {
    return {
      provider: call.provider,
      model: call.model,
      redactor: call.redactor,
      timedOut,
      timeoutMs: this.timeoutMs,
    };
  }

  private trace(
    call: PreparedCall,
    input: { userId: string; messages: GatewayMessage[]; origin?: CallOrigin },
  ) {
    return new CallTrace({
      userId: input.userId,
      origin: input.origin ?? { feature: "api" },
      provider: call.provider,
      model: call.model,
      prompt: promptOf(input.messages),
    });
  }

  /** Writes the call's record; a failure to record is logged, never the caller's failure. */
  private async recordCall(record: ModelCallRecord): Promise<void> {
    try {
      await this.deps.recordCall?.(record);
    } catch (err) {
      this.deps.log?.error({ err: (err as Error).message }, "could not record a model call");
    }
  }

  private fail(call: PreparedCall, err: unknown, timedOut: boolean, midStream = false): LlmError {
    const error = toLlmError(err, { ...this.errorContext(call, timedOut), midStream });
    this.deps.log?.warn(
      { provider: call.provider, model: call.model, code: error.code, status: error.status },
      "model call failed",
    );
    return error;
  }

  /** One whole answer (no streaming). */
  async chat(input: {
    userId: string;
    messages: GatewayMessage[];
    config?: LlmConfig;
    signal?: AbortSignal;
    origin?: CallOrigin;
  }): Promise<ChatResult> {
    const call = await this.prepare(input.userId, input.config);
    const deadline = new CallDeadline(this.timeoutMs, input.signal);
    const trace = this.trace(call, input);
    try {
      const result = await generate(call.adapter.languageModel(call.connection, call.model), {
        messages: input.messages,
        temperature: call.temperature,
        maxTokens: call.maxTokens,
        providerOptions: call.adapter.callOptions?.(call),
        abortSignal: deadline.signal,
      });
      trace.addText(result.text);
      trace.usage = result.usage;
      trace.finishReason = result.finishReason;
      await this.recordCall(trace.record("success"));
      return {
        content: result.text,
        model: call.model,
        provider: call.provider,
        usage: result.usage,
        finishReason: result.finishReason,
      };
    } catch (err) {
      const error = this.fail(call, err, deadline.timedOut);
      const cancelled = input.signal?.aborted === true && !deadline.timedOut;
      await this.recordCall(trace.record(cancelled ? "cancelled" : "error", error));
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Streams an answer as events: text deltas, tool calls (when `tools` are given; the caller
   * runs them), then one 'done'. A provider failure throws an LlmError; when `signal` aborts
   * (the client left) the upstream request is aborted and the stream just ends.
   */
  streamChat(input: StreamChatInput & { tools?: undefined }): AsyncIterable<LlmTextEvent | LlmDoneEvent>;
  streamChat(input: StreamChatInput & { tools: Record<string, ToolDefinition> }): AsyncIterable<LlmEvent>;
  streamChat(input: StreamChatInput & { tools?: Record<string, ToolDefinition> }): AsyncIterable<LlmEvent> {
    return this.run(input);
  }

  private async *run(
    input: StreamChatInput & { tools?: Record<string, ToolDefinition> },
  ): AsyncGenerator<LlmEvent> {
    const call = input.prepared ?? (await this.prepare(input.userId, input.config));
    const deadline = new CallDeadline(this.timeoutMs, input.signal);
    const trace = this.trace(call, input);
    let received = false;
    let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
    try {
      if (input.tools && !this.supportsTools(call)) {
        throw new LlmError(
          400,
          "llm_bad_request",
          `${providerCatalog[call.provider].name} does not support tool calls`,
        );
      }
      const model = call.adapter.languageModel(call.connection, call.model);
      const { stream } = await model.doStream(
        callOptions({
          messages: input.messages,
          temperature: call.temperature,
          maxTokens: call.maxTokens,
          tools: input.tools,
          toolChoice: input.toolChoice,
          providerOptions: call.adapter.callOptions?.(call),
          abortSignal: deadline.signal,
        }),
      );
      reader = stream.getReader();
      let finish: { usage: LlmUsage; finishReason: string } = {
        usage: { promptTokens: null, completionTokens: null, totalTokens: null },
        finishReason: "unknown",
      };
      for (;;) {
        const { done, value: part } = await reader.read();
        if (done) break;
        deadline.refresh();
        if (part.type === "text-delta") {
          if (part.delta) {
            received = true;
            trace.addText(part.delta);
            yield { type: "text", text: part.delta };
          }
        } else if (part.type === "tool-call") {
          received = true;
          trace.toolCalls += 1;
          yield {
            type: "tool-call",
            id: part.toolCallId,
            name: part.toolName,
            input: parseToolInput(part.input),
          };
        } else if (part.type === "error") {
          // The provider's own error inside the stream, in its words (else what the SDK threw).
          throw providerStreamError(part.error) ?? part.error;
        } else if (part.type === "finish") {
          finish = { usage: toUsage(part.usage), finishReason: part.finishReason.unified };
          // Recorded at once: a stream broken off after it still counts what arrived.
          trace.usage = finish.usage;
          trace.finishReason = finish.finishReason;
        }
      }
      if (deadline.timedOut) throw new Error("timed out");
      if (input.signal.aborted) return; // recorded as cancelled below
      await this.recordCall(trace.record("success"));
      yield {
        type: "done",
        provider: call.provider,
        model: call.model,
        usage: finish.usage,
        tokenCount: finish.usage.completionTokens ?? undefined,
        finishReason: finish.finishReason,
      };
    } catch (err) {
      if (input.signal.aborted && !deadline.timedOut) return; // recorded as cancelled below
      const error = this.fail(call, err, deadline.timedOut, received);
      await this.recordCall(trace.record("error", error));
      throw error;
    } finally {
      deadline.dispose();
      reader?.cancel().catch(() => {});
      // Stopped: by the signal, or by the caller leaving the stream.
      if (!trace.recorded) await this.recordCall(trace.record("cancelled"));
    }
  }

  async close(): Promise<void> {
    await this.guarded.close();
    this.trusted.close();
    await this.deps.local.close();
  }
}
