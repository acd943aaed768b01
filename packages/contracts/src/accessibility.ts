import { z } from "zod";
import { type AccessibilitySettings, FONT_SIZE_MAX, FONT_SIZE_MIN } from "./accessibility-settings";
import { availabilitySchema } from "./audio";
import { endpoint } from "./endpoint";

/** Spec: accessibility settings, kept per account in the preference `accessibility`. */
export const accessibilitySettingsSchema = z
  .object({
    highContrast: z.boolean().nullable(),
    largeText: z.boolean(),
    reducedMotion: z.boolean().nullable(),
    darkMode: z.boolean(),
    soundEffects: z.boolean(),
    fontSize: z.number().int().min(FONT_SIZE_MIN).max(FONT_SIZE_MAX),
  })
  .strict() satisfies z.ZodType<AccessibilitySettings>;

/** Spec: text the server speaks (when the browser has no voice), at the AAC board's rate and pitch. */
export const SPEECH_TEXT_MAX = 1000;
export const speechRequestSchema = z
  .object({
    text: z.string().trim().min(1, "Nothing to say").max(SPEECH_TEXT_MAX, "At most 1000 characters"),
    /** As the Web Speech API's: 1 is normal speed (0.1–10). */
    rate: z.number().min(0.1).max(10).default(1),
    /** As the Web Speech API's: 1 is normal pitch (0–2). */
    pitch: z.number().min(0).max(2).default(1),
  })
  .strict();
export type SpeechRequest = z.input<typeof speechRequestSchema>;

/** The server's voice (server: apps/server/src/speech/routes.ts). */
export const speechApi = {
  /** Whether the server can speak (espeak-ng); no session needed. */
  available: endpoint({ method: "GET", path: "/api/speech", body: null, answer: availabilitySchema }),
  /** The text spoken; the answer is audio/wav bytes, not JSON (hence no answer schema). */
  speak: endpoint({ method: "POST", path: "/api/speech", body: speechRequestSchema, answer: null }),
};
