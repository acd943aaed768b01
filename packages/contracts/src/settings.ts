import { z } from "zod";
import { endpoint } from "./endpoint";
import { LLM_DEFAULTS, MAX_OUTPUT_TOKENS, type ProviderId, providerIdSchema } from "./llm";

/** A stored API key as the client sees it: never whole, only whether it is set and a mask. */
export const maskedKeySchema = z.object({
  set: z.boolean(),
  /** e.g. 'sk-…wxyz'; null when unset. */
  masked: z.string().nullable(),
  /** false when the stored key cannot be decrypted (the server key changed): enter it again. */
  readable: z.boolean(),
});
export type MaskedKey = z.infer<typeof maskedKeySchema>;

export const providerSettingsSchema = z.object({
  apiKey: maskedKeySchema,
  /** The user's own base URL (OpenAI-compatible servers, a remote Ollama, ...), or null. */
  baseUrl: z.string().nullable(),
  /** The model this user picks for the provider; null means the provider's default. */
  model: z.string().nullable(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

export const memorySettingsSchema = z.object({
  /** Send the session's earlier messages with each chat message. */
  conversation: z.boolean(),
  /** Let the assistant use what it learned in other sessions. */
  crossSession: z.boolean(),
});

export const userSettingsSchema = z.object({
  defaultProvider: providerIdSchema,
  temperature: z.number(),
  maxTokens: z.number(),
  memory: memorySettingsSchema,
  safeMode: z.boolean(),
  providers: z.record(providerIdSchema, providerSettingsSchema),
  updatedAt: z.string().nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The non-secret preferences as stored (and their defaults for a user who saved nothing). */
export interface StoredPreferences {
  defaultProvider: ProviderId;
  temperature: number;
  maxTokens: number;
  memory: { conversation: boolean; crossSession: boolean };
  safeMode: boolean;
  models: Partial<Record<ProviderId, string>>;
}
export const defaultPreferences: StoredPreferences = {
  defaultProvider: "openai",
  temperature: LLM_DEFAULTS.temperature,
  maxTokens: LLM_DEFAULTS.maxTokens,
  memory: { conversation: true, crossSession: false },
  safeMode: true,
  models: {},
};

const apiKey = z
  .string()
  .trim()
  .min(1, "API key is empty")
  .max(500, "API key must be at most 500 characters")
  .regex(/^[\x21-\x7e]+$/, "API key must be printable characters without spaces");

const providerUpdate = z
  .object({
    /** A new key; null removes the stored key; omitted keeps it. */
    apiKey: apiKey.nullable().optional(),
    /** null removes the user's base URL. */
    baseUrl: z.string().trim().max(2000, "Base URL must be at most 2000 characters").nullable().optional(),
    model: z.string().trim().min(1).max(200, "Model must be at most 200 characters").nullable().optional(),
  })
  .strict();

export const updateSettingsSchema = z
  .object({
    defaultProvider: providerIdSchema.optional(),
    temperature: z
      .number({ error: "Temperature must be a number" })
      .min(0, "Temperature must be between 0 and 2")
      .max(2, "Temperature must be between 0 and 2")
      .optional(),
    maxTokens: z
      .number({ error: "Max tokens must be a number" })
      .int("Max tokens must be a whole number")
      .min(1, "Max tokens must be at least 1")
      .max(MAX_OUTPUT_TOKENS, `Max tokens must be at most ${MAX_OUTPUT_TOKENS}`)
      .optional(),
    memory: memorySettingsSchema.partial().strict().optional(),
    safeMode: z.boolean().optional(),
    providers: z.partialRecord(providerIdSchema, providerUpdate).optional(),
  })
  .strict();
export type UpdateSettings = z.input<typeof updateSettingsSchema>;

/** The person's model settings (server: apps/server/src/settings/routes.ts). */
export const settingsApi = {
  get: endpoint({ method: "GET", path: "/api/settings", body: null, answer: userSettingsSchema }),
  /** Saves a partial update; answers the settings as saved. */
  update: endpoint({
    method: "PUT",
    path: "/api/settings",
    body: updateSettingsSchema,
    answer: userSettingsSchema,
  }),
};
