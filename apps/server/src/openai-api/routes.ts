import { chatCompletionRequestSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hashToken } from "../auth/tokens";
import type { Db } from "../db/client";
import { bearerToken } from "../http/bearer";
import { clientGone } from "../http/client-gone";
import { AppError, parse } from "../http/errors";
import { countHit, tooManyRequests } from "../http/rate-limit-store";
import type { LlmGateway } from "../llm";
import type { TokenHolder } from "../mcp/tokens";
import { completionMeta, streamCompletion, wholeCompletion } from "./completions";
import { BODY_LIMIT_MB, invalidToken, registerOpenAiErrors } from "./errors";
import { gatewayMessages, gatewayToolChoice, gatewayTools } from "./messages";
import type { OpenAiModels } from "./models";

/** Requests one token (or, without a valid one, one address) may make a minute on /v1. */
export const OPENAI_API_CALLS_PER_MINUTE = 120;
/** The token scopes that reach /v1: `models` (this API only) and `full`; a `read` token does not. */
const API_SCOPES: ReadonlySet<TokenHolder["scope"]> = new Set(["models", "full"]);

export interface OpenAiRouteDeps {
  db: Db;
  gateway: LlmGateway;
  models: OpenAiModels;
  /** The holder of a personal access token (mcp/tokens.ts), or null. */
  verifyToken: (token: string) => Promise<TokenHolder | null>;
}

/**
 * NeuroOS's OpenAI-compatible API for the holder of a personal access token: GET /v1/models
 * (the person's agents and configured providers' models) and POST /v1/chat/completions (whole
 * or streamed, the client's tools passed to the model and its tool calls passed back). Every
 * call goes through the LLM gateway: the person's settings and keys, its log, its errors.
 * Errors are in OpenAI's shape.
 */
export async function openAiRoutes(app: FastifyInstance, deps: OpenAiRouteDeps): Promise<void> {
  const { gateway, models } = deps;
  registerOpenAiErrors(app);
  const holders = new WeakMap<FastifyRequest, TokenHolder>();

  app.addHook("onRequest", async (request, reply) => {
    const token = bearerToken(request);
    const holder = token ? await deps.verifyToken(token) : null;
    // A good token's calls count against it; a missing or made-up one against the address, so
    // guessing tokens is as slow as using one.
    const { count, ttlMs } = await countHit(
      deps.db,
      `v1-calls ${holder && token ? hashToken(token) : request.ip}`,
      60_000,
    );
    if (count > OPENAI_API_CALLS_PER_MINUTE) throw tooManyRequests(ttlMs);
    if (!holder) {
      reply.header("www-authenticate", 'Bearer realm="NeuroOS"');
      throw invalidToken();
    }
    if (!API_SCOPES.has(holder.scope))
      throw new AppError(
        403,
        "forbidden",
        "This token is read-only (files through MCP): make a token with 'Models only' or 'Full' access for /v1",
      );
    holders.set(request, holder);
  });
  const userOf = (request: FastifyRequest) => {
    const holder = holders.get(request);
    if (!holder) throw invalidToken();
    return holder.user.id;
  };

  app.get("/v1/models", async (request) => ({ object: "list", data: await models.list(userOf(request)) }));

  app.get("/v1/models/*", async (request: FastifyRequest<{ Params: { "*": string } }>) => {
    const id = request.params["*"];
    const found = (await models.list(userOf(request))).find((model) => model.id === id);
    if (!found) throw new AppError(404, "llm_model_not_found", `The model '${id}' does not exist`);
    return found;
  });

  app.post("/v1/chat/completions", { bodyLimit: BODY_LIMIT_MB * 1024 * 1024 }, async (request, reply) => {
    const userId = userOf(request);
    const body = parse(chatCompletionRequestSchema, request.body);
    const target = await models.resolve(userId, body.model);
    const messages = gatewayMessages(body.messages, target.system);
    const tools = gatewayTools(body.tools);
    const toolChoice = gatewayToolChoice(body.tool_choice, tools);
    const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
    const config = {
      ...target.config,
      ...(typeof body.temperature === "number" ? { temperature: body.temperature } : {}),
      ...(maxTokens ? { maxTokens } : {}),
    };
    // The client leaving aborts the provider's call.
    const signal = clientGone(reply);
    const call = { userId, messages, config, signal, origin: { feature: "openai_api" } };
    const events = tools ? gateway.streamChat({ ...call, tools, toolChoice }) : gateway.streamChat(call);
    const meta = completionMeta(body.model);
    if (body.stream)
      return streamCompletion(request, reply, events, signal, {
        ...meta,
        includeUsage: body.stream_options?.include_usage === true,
      });
    const answer = await wholeCompletion(events, meta);
    if (answer) return answer;
    if (!signal.aborted)
      throw new AppError(
        502,
        "llm_provider_down",
        "The model's answer ended before it was complete: try again",
      );
    reply.hijack(); // the client left: nobody to answer
    reply.raw.destroy();
  });
}
