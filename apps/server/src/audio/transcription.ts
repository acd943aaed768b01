import { RECORDING_MAX_BYTES } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { LlmGateway } from "../llm";
import { LlmError, providerWords } from "../llm/errors";

/** OpenAI's limit for one transcription upload. */
export const TRANSCRIPTION_MAX_BYTES = RECORDING_MAX_BYTES;
export const TRANSCRIPTION_MODEL = "whisper-1";
const TIMEOUT_MS = 120_000;

export const NO_STT = "No speech-to-text provider configured";

/**
 * Speech to text through the person's OpenAI-compatible provider (`POST {base}/audio/transcriptions`,
 * its key and address as for chat). Only the OpenAI provider offers it here.
 */
export class Transcriber {
  constructor(private readonly gateway: LlmGateway) {}

  /** Whether the person has a provider that transcribes. */
  async available(userId: string): Promise<boolean> {
    const access = await this.gateway.access(userId);
    try {
      const connection = this.gateway.connectionFor("openai", access);
      return connection.apiKey !== null || connection.userEndpoint;
    } catch {
      return false;
    }
  }

  /** Refuses (400, saying what is missing and how to set it up) when the person has none. */
  async ensureAvailable(userId: string): Promise<void> {
    if (!(await this.available(userId)))
      throw new AppError(
        400,
        "llm_not_configured",
        `${NO_STT}: add an OpenAI API key (or an OpenAI-compatible address) in Settings.`,
      );
  }

  async transcribe(userId: string, audio: Buffer, type: string, signal: AbortSignal): Promise<string> {
    await this.ensureAvailable(userId);
    const access = await this.gateway.access(userId);
    const connection = this.gateway.connectionFor("openai", access);
    const redactor = this.gateway.redactorFor(access);
    const form = new FormData();
    const extension = type.split("/")[1]?.split(";")[0] ?? "webm";
    form.append("file", new Blob([new Uint8Array(audio)], { type }), `speech.${extension}`);
    form.append("model", TRANSCRIPTION_MODEL);
    // The gateway's fetch sends bytes: the form is encoded here (multipart, with its boundary).
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers: Record<string, string> = { "content-type": encoded.headers.get("content-type") ?? "" };
    if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`;
    let response: Response;
    let answer: string;
    try {
      response = await connection.fetch(`${connection.baseUrl}/audio/transcriptions`, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      answer = await response.text(); // a body cut midway is the provider's failure too
    } catch (err) {
      if (signal.aborted) throw err;
      throw new LlmError(
        502,
        "llm_provider_down",
        `OpenAI could not be reached for transcription: ${providerWords(String(err), redactor)}`,
      );
    }
    if (!response.ok) {
      const detail = providerWords(answer, redactor);
      if (response.status === 401 || response.status === 403)
        throw new LlmError(
          502,
          "llm_invalid_key",
          `OpenAI rejected the API key (HTTP ${response.status}): ${detail}`,
        );
      throw new LlmError(
        502,
        "llm_provider_down",
        `OpenAI could not transcribe (HTTP ${response.status}): ${detail}`,
      );
    }
    try {
      const text = (JSON.parse(answer) as { text?: unknown }).text;
      if (typeof text === "string") return text.trim();
    } catch {}
    throw new LlmError(502, "llm_provider_down", "OpenAI's transcription answer had no text");
  }
}
