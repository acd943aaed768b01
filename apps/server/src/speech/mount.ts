import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { JobSlots } from "../sandbox/limiter";
import type { Sandbox } from "../sandbox/runner";
import { speechRoutes } from "./routes";
import { SPEECH_MAX, SPEECH_PER_USER, SpeechService } from "./service";

/** Text to speech with espeak-ng inside the sandbox, for browsers without a voice (the communication board). */
export async function mountSpeech(app: FastifyInstance, deps: { db: Db; sandbox: Sandbox }): Promise<void> {
  const slots = new JobSlots(SPEECH_PER_USER, SPEECH_MAX, { noun: "speech request", busyStatus: 429 });
  await app.register(speechRoutes, { db: deps.db, speech: new SpeechService(deps.sandbox, slots) });
}
