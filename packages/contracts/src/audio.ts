import { z } from "zod";
import { endpoint } from "./endpoint";

/** Where recordings are kept: the `audio` folder of the person's workspace. */
export const AUDIO_DIR = "/home/user/audio";
/** One recording at most (OpenAI's limit for one transcription upload); the plan's file limit also holds. */
export const RECORDING_MAX_BYTES = 25 * 1024 * 1024;

/** The audio formats recordings are kept in, by file extension: their media type. */
export const audioFormats = {
  webm: "audio/webm",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
} as const;
export type AudioExtension = keyof typeof audioFormats;

/** A file's audio extension, or null when the name is not one of `audioFormats`. */
export function audioExtensionOf(name: string): AudioExtension | null {
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return name.includes(".") && Object.hasOwn(audioFormats, extension) ? (extension as AudioExtension) : null;
}

/** A recording in the workspace's audio folder (GET /api/audio/recordings lists them, newest first). */
export const recordingSchema = z.object({
  /** The file's name in /home/user/audio: how the recording is addressed. */
  name: z.string(),
  /** Its workspace path, e.g. /home/user/audio/recording-2026-11-21-140533.webm */
  path: z.string(),
  /** Media type from the extension, e.g. audio/webm. */
  type: z.string(),
  size: z.number().int().min(0),
  /** Read from the file itself; null when its format does not say. */
  durationMs: z.number().int().min(0).nullable(),
  modified: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

/** POST /api/audio/transcriptions and POST /api/audio/recordings/:name/transcription answer this. */
export const transcriptSchema = z.object({ text: z.string() });
/** GET /api/audio/transcriptions and GET /api/speech: whether the server can do it for the person. */
export const availabilitySchema = z.object({ available: z.boolean() });

/**
 * The audio API (server: apps/server/src/audio/routes.ts). Uploads are raw audio/* bodies, not
 * JSON (their body is null); a recording's GET answers its audio.
 */
export const audioApi = {
  /** Whether the person's provider transcribes. */
  transcriptionAvailable: endpoint({
    method: "GET",
    path: "/api/audio/transcriptions",
    body: null,
    answer: availabilitySchema,
  }),
  /** Audio recorded just now (not kept), as text. */
  transcribe: endpoint({
    method: "POST",
    path: "/api/audio/transcriptions",
    body: null,
    answer: transcriptSchema,
  }),
  recordings: endpoint({
    method: "GET",
    path: "/api/audio/recordings",
    body: null,
    answer: z.array(recordingSchema),
  }),
  /** Keeps a recording (201), answered as listed. */
  saveRecording: endpoint({
    method: "POST",
    path: "/api/audio/recordings",
    body: null,
    answer: recordingSchema,
  }),
  /** The recording's audio, streamed. */
  recording: endpoint({ method: "GET", path: "/api/audio/recordings/:name", body: null, answer: null }),
  removeRecording: endpoint({
    method: "DELETE",
    path: "/api/audio/recordings/:name",
    body: null,
    answer: null,
  }),
  transcribeRecording: endpoint({
    method: "POST",
    path: "/api/audio/recordings/:name/transcription",
    body: null,
    answer: transcriptSchema,
  }),
};

/** The preference namespace of the audio settings (the speaking voice, reading replies aloud). */
export const AUDIO_PREFERENCE = "audio";
export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 2;
export const SPEECH_PITCH_MIN = 0;
export const SPEECH_PITCH_MAX = 2;

export const audioPreferencesSchema = z
  .object({
    /** The console speaks each new assistant reply. */
    readRepliesAloud: z.boolean(),
    /** The browser voice chosen (its voiceURI); null: the browser's default. */
    voice: z.string().max(500).nullable(),
    rate: z.number().min(SPEECH_RATE_MIN).max(SPEECH_RATE_MAX),
    pitch: z.number().min(SPEECH_PITCH_MIN).max(SPEECH_PITCH_MAX),
  })
  .strict();
export type AudioPreferences = z.infer<typeof audioPreferencesSchema>;

export const defaultAudioPreferences: AudioPreferences = {
  readRepliesAloud: false,
  voice: null,
  rate: 1,
  pitch: 1,
};

/** Stored preferences read leniently: each valid field is kept, the others are the defaults. */
export function readAudioPreferences(value: unknown): AudioPreferences {
  const result: Record<string, unknown> = { ...defaultAudioPreferences };
  if (!value || typeof value !== "object" || Array.isArray(value)) return defaultAudioPreferences;
  const shape = audioPreferencesSchema.shape;
  for (const key of Object.keys(shape) as (keyof AudioPreferences)[]) {
    const field = shape[key].safeParse((value as Record<string, unknown>)[key]);
    if (field.success) result[key] = field.data;
  }
  return result as AudioPreferences;
}
