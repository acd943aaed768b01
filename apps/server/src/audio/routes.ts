import { AUDIO_DIR, audioApi, type PathParams, RECORDING_MAX_BYTES } from "@neuroos/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { clientGone } from "../http/client-gone";
import { AppError } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import type { LlmGateway } from "../llm";
import { recordAction } from "../logs/service";
import type { WorkspaceService } from "../workspace/service";
import { checkedRecording, recordingTooLarge } from "./formats";
import { RecordingService } from "./recordings";
import { Transcriber } from "./transcription";

type WithName = FastifyRequest<{ Params: PathParams<typeof audioApi.recording.path> }>;

/** The body of an audio upload: refused before it is read when it says it is too large. */
async function audioSizeGuard(request: FastifyRequest): Promise<void> {
  if (Number(request.headers["content-length"] ?? 0) > RECORDING_MAX_BYTES) throw recordingTooLarge();
}

/** The request's audio body and its media type: a recording (checkedRecording), or 415 / 400. */
function audioBody(request: FastifyRequest): { type: string; data: Buffer } {
  const type = String(request.headers["content-type"] ?? "");
  if (!/^audio\//.test(type) || !Buffer.isBuffer(request.body))
    throw new AppError(
      415,
      "unsupported_media_type",
      "Send the recording as audio (audio/webm, audio/ogg, ...)",
    );
  checkedRecording(type, request.body);
  return { type, data: request.body };
}

/**
 * Speech to text: GET /api/audio/transcriptions (whether the person's provider transcribes),
 * POST /api/audio/transcriptions (body: audio/*) and POST /api/audio/recordings/:name/transcription.
 * Recordings in /home/user/audio: GET, POST (body: audio/*), GET /:name (the audio), DELETE /:name.
 */
export async function audioRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; gateway: LlmGateway; workspaces: WorkspaceService },
): Promise<void> {
  const transcriber = new Transcriber(deps.gateway);
  const recordings = new RecordingService(deps.workspaces);
  const logged = <T>(request: FastifyRequest, command: string, action: () => Promise<T>) =>
    recordAction(deps, { userId: currentUser(request).id, type: "file_operation", command }, action);
  app.addContentTypeParser(
    /^audio\//,
    { parseAs: "buffer", bodyLimit: RECORDING_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addHook("onRequest", requireSession(deps.db));

  app.get(audioApi.transcriptionAvailable.path, async (request) => ({
    available: await transcriber.available(currentUser(request).id),
  }));
  app.post(audioApi.transcribe.path, { onRequest: audioSizeGuard }, async (request, reply) => {
    const { type, data } = audioBody(request);
    return { text: await transcriber.transcribe(currentUser(request).id, data, type, clientGone(reply)) };
  });

  app.get(audioApi.recordings.path, async (request) => recordings.list(currentUser(request)));
  app.post(audioApi.saveRecording.path, { onRequest: audioSizeGuard }, async (request, reply) => {
    const { type, data } = audioBody(request);
    const saved = await logged(request, `save recording in ${AUDIO_DIR}`, () =>
      recordings.save(currentUser(request), type, data),
    );
    return reply.status(201).send(saved);
  });
  app.get(audioApi.recording.path, async (request: WithName, reply: FastifyReply) => {
    const file = await recordings.open(currentUser(request), request.params.name);
    reply
      .header("content-type", file.type)
      .header("content-length", String(file.stat.size))
      .header("cache-control", "private, no-store");
    return reply.send(file.handle.createReadStream());
  });
  app.delete(audioApi.removeRecording.path, async (request: WithName, reply) => {
    const { name } = request.params;
    await logged(request, `delete ${AUDIO_DIR}/${name}`, () => recordings.remove(currentUser(request), name));
    return reply.status(204).send();
  });
  app.post(audioApi.transcribeRecording.path, async (request: WithName, reply) => {
    const user = currentUser(request);
    await transcriber.ensureAvailable(user.id);
    const { data, type } = await recordings.read(user, request.params.name);
    return { text: await transcriber.transcribe(user.id, data, type, clientGone(reply)) };
  });
}
