import { speechApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { SpeechService } from "./service";

/**
 * GET /api/speech: whether the server can speak; POST /api/speech (signed in; body: text,
 * rate, pitch as the Web Speech API's): the text spoken, as audio/wav.
 */
export async function speechRoutes(
  app: FastifyInstance,
  deps: { db: Db; speech: SpeechService },
): Promise<void> {
  app.get(speechApi.available.path, async () => ({ available: await deps.speech.available() }));
  app.post(speechApi.speak.path, { onRequest: requireSession(deps.db) }, async (request, reply) => {
    const body = parse(speechApi.speak.body, request.body);
    const wav = await deps.speech.speak(currentUser(request).id, body);
    return reply.header("content-type", "audio/wav").header("cache-control", "no-store").send(wav);
  });
}
