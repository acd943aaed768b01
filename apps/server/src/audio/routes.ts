import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import type { LlmGateway } from "../llm";
import { clientGone } from "../llm/sse";
import { TRANSCRIPTION_MAX_BYTES, Transcriber } from "./transcription";

/**
 * GET /api/audio/transcriptions: whether speech can be transcribed for the person;
 * POST /api/audio/transcriptions (body: the recording, audio/*): its text.
 */
export async function audioRoutes(
  app: FastifyInstance,
  deps: { db: Db; gateway: LlmGateway },
): Promise<void> {
  const transcriber = new Transcriber(deps.gateway);
  app.addContentTypeParser(
    /^audio\//,
    { parseAs: "buffer", bodyLimit: TRANSCRIPTION_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addHook("onRequest", requireSession(deps.db));
  app.get("/api/audio/transcriptions", async (request) => ({
    available: await transcriber.available(request.user?.id ?? ""),
  }));
  app.post("/api/audio/transcriptions", async (request, reply) => {
    const type = String(request.headers["content-type"] ?? "");
    if (!/^audio\//.test(type) || !Buffer.isBuffer(request.body))
      throw new AppError(
        415,
        "unsupported_media_type",
        "Send the recording as audio (audio/webm, audio/ogg, ...)",
      );
    if (request.body.length === 0) throw new AppError(400, "validation_failed", "The recording is empty");
    const text = await transcriber.transcribe(request.user?.id ?? "", request.body, type, clientGone(reply));
    return { text };
  });
}
