import {
  chatRequestSchema,
  chatStreamRequestSchema,
  completeRequestSchema,
  providerIdSchema,
  pullModelRequestSchema,
} from "@neuroos/contracts";
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

  app.post("/api/llm/chat", async (request, reply) => {
    const body = parse(chatRequestSchema, request.body);
    if (body.stream) return stream(request, reply, body);
    return gateway.chat({
      userId: currentUser(request).id,
      messages: body.messages,
      config: body.config,
      signal: clientGone(reply),
    });
  });

  app.post("/api/llm/chat/stream", async (request, reply) => {
    return stream(request, reply, parse(chatStreamRequestSchema, request.body));
  });

  app.post("/api/llm/complete", async (request, reply) => {
    const body = parse(completeRequestSchema, request.body);
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

  app.get("/api/llm/providers", async (request) => statuses.providers(currentUser(request).id));

  app.get(
    "/api/llm/providers/:provider/status",
    async (request: FastifyRequest<{ Params: { provider: string } }>) => {
      const provider = parse(providerIdSchema, request.params.provider);
      const query = parse(statusQuerySchema, request.query);
      const refresh = query.refresh === "1" || query.refresh === "true";
      return statuses.status(currentUser(request).id, provider, { refresh });
    },
  );

  app.get("/api/llm/local/models", async () => ({ models: pulls.list() }));

  // Downloads hundreds of MB onto the server's disk: an admin's decision.
  app.post("/api/llm/local/models/pull", async (request, reply) => {
    if (currentUser(request).role !== "admin")
      throw new AppError(403, "forbidden", "Only an admin can download models");
    const { name } = parse(pullModelRequestSchema, request.body);
    try {
      return reply.status(202).send({ model: pulls.start(name) });
    } catch (err) {
      if (err instanceof DownloadError)
        throw new AppError(400, "validation_failed", err.message, { name: err.message });
      throw err;
    }
  });
}
