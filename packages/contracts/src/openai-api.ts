import { z } from "zod";
import { MAX_OUTPUT_TOKENS } from "./llm";

/**
 * NeuroOS's OpenAI-compatible API (`/v1`, server: apps/server/src/openai-api/): the request bodies
 * as OpenAI's Chat Completions API defines them, the parts NeuroOS reads. Fields it does not read
 * (`user`, `seed`, `top_p`, ...) are accepted and ignored, as OpenAI-compatible servers do.
 *
 * Model ids: `agent:<name>` (or `agent:<id>` where two of the person's agents share a name) for
 * each of the person's agents, `<provider>/<model>` (`openai/gpt-4o-mini`) for each configured
 * provider's models.
 */
export const AGENT_MODEL_PREFIX = "agent:";

const MESSAGE_CHARS = 200_000;
const text = z.string().max(MESSAGE_CHARS, `A message must be at most ${MESSAGE_CHARS} characters`);
const textPart = z.object({ type: z.literal("text"), text });
const imagePart = z.object({
  type: z.literal("image_url"),
  image_url: z.object({ url: z.string().max(8_000_000), detail: z.string().max(20).optional() }),
});
const textContent = z.union([text, z.array(textPart).max(100)]);

export const openAiToolCallSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.literal("function"),
  function: z.object({ name: z.string().min(1).max(64), arguments: z.string().max(MESSAGE_CHARS) }),
});

export const openAiMessageSchema = z.discriminatedUnion(
  "role",
  [
    z.object({ role: z.enum(["system", "developer"]), content: textContent }),
    z.object({
      role: z.literal("user"),
      content: z.union([text, z.array(z.union([textPart, imagePart])).max(100)]),
    }),
    z.object({
      role: z.literal("assistant"),
      content: textContent.nullish(),
      tool_calls: z.array(openAiToolCallSchema).max(128).optional(),
    }),
    z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1).max(200), content: textContent }),
  ],
  { error: "Role must be system, developer, user, assistant or tool" },
);
export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;

const toolName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "A tool's name is 1 to 64 letters, digits, '_' or '-'");

export const openAiToolSchema = z.object({
  type: z.literal("function"),
  function: z.object({
    name: toolName,
    description: z.string().max(10_000).optional(),
    /** JSON Schema of the arguments object. */
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});
export type OpenAiTool = z.infer<typeof openAiToolSchema>;

export const openAiToolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  z.object({ type: z.literal("function"), function: z.object({ name: toolName }) }),
]);
export type OpenAiToolChoice = z.infer<typeof openAiToolChoiceSchema>;

const tokens = z
  .number()
  .int("Max tokens must be a whole number")
  .min(1, "Max tokens must be at least 1")
  .max(MAX_OUTPUT_TOKENS, `Max tokens must be at most ${MAX_OUTPUT_TOKENS}`);

export const chatCompletionRequestSchema = z.object({
  model: z.string().trim().min(1, "Name a model (GET /v1/models lists them)").max(300),
  messages: z.array(openAiMessageSchema).min(1, "At least one message is required").max(1000),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  temperature: z.number().min(0, "Temperature must be between 0 and 2").max(2).nullish(),
  max_tokens: tokens.nullish(),
  max_completion_tokens: tokens.nullish(),
  /** One answer per request. */
  n: z.literal(1, "Only n = 1 is supported").nullish(),
  tools: z.array(openAiToolSchema).max(128, "At most 128 tools").optional(),
  tool_choice: openAiToolChoiceSchema.optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;
