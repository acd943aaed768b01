import { type chatStreamRequestSchema, llmApi, type PathParams, providerIdSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { DownloadError } from "../downloads/hub-file";
import { clientGone } from "../http/client-gone";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import { completionMessages } from "./completion-prompt";
import type { Llm } from "./index";
import { sendEventStream } from "./sse";

const statusQuerySchema = z.object({ refresh: z.enum(["1", "true", "0", "false"]).optional() });

/** The gateway's HTTP face: chat (whole or streamed), completion, provider status and list, local models. */
export async function llmRoutes(app: FastifyInstance, deps: { db: Db; llm: Llm }): Promise<void> {
  const { gateway, statuses, pulls } = deps.llm;
  app.addHook("onRequest", requireSession(deps.db));

  const stream = (
    request: FastifyRequest,
    reply: Parameters<typeof sendEventStream>[1],
    body: z.output<typeof chatStreamRequestSchema>,
    feature = "api",
  ) => {
    const signal = clientGone(reply);
    const events = gateway.streamChat({
      userId: currentUser(request).id,
      messages: body.messages,
      config: body.config,
      signal,
      origin: { feature },
    });
    return sendEventStream(request, reply, events, signal);
  };

  app.post(llmApi.chat.path, async (request, reply) => {
    const body = parse(llmApi.chat.body, request.body);
    if (body.stream) return stream(request, reply, body);
    return gateway.chat({
      userId: currentUser(request).id,
      messages: body.messages,
      config: body.config,
      signal: clientGone(reply),
    });
  });

  app.post(llmApi.chatStream.path, async (request, reply) => {
    return stream(request, reply, parse(llmApi.chatStream.body, request.body));
  });

  app.post(llmApi.complete.path, async (request, reply) => {
    const body = parse(llmApi.complete.body, request.body);
    const { provider, model, temperature, maxTokens } = body;
    const messages = body.feature === "ide_completion" ? completionMessages(body.messages) : body.messages;
    if (body.stream)
      return stream(
        request,
        reply,
        { messages, config: { provider, model, temperature, maxTokens } },
        body.feature,
      );
    const result = await gateway.chat({
      userId: currentUser(request).id,
      messages,
      config: { provider, model, temperature, maxTokens },
      signal: clientGone(reply),
      origin: { feature: body.feature },
    });
    return { content: result.content };
  });

  app.get(llmApi.providers.path, async (request) => statuses.providers(currentUser(request).id));

  app.get(
    llmApi.providerStatus.path,
    async (request: FastifyRequest<{ Params: PathParams<typeof llmApi.providerStatus.path> }>) => {
      const provider = parse(providerIdSchema, request.params.provider);
      const query = parse(statusQuerySchema, request.query);
      const refresh = query.refresh === "1" || query.refresh === "true";
      return statuses.status(currentUser(request).id, provider, { refresh });
    },
  );

  app.get(llmApi.localModels.path, async () => ({ models: pulls.list() }));

  // Downloads hundreds of MB onto the server's disk: an admin's decision.
  app.post(llmApi.pullModel.path, async (request, reply) => {
    if (currentUser(request).role !== "admin")
      throw new AppError(403, "forbidden", "Only an admin can download models");
    const { name } = parse(llmApi.pullModel.body, request.body);
    try {
      return reply.status(202).send({ model: pulls.start(name) });
    } catch (err) {
      if (err instanceof DownloadError)
        throw new AppError(400, "validation_failed", err.message, { name: err.message });
      throw err;
    }
  });
}
