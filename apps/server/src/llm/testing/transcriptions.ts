import type http from "node:http";

export const TRANSCRIPTION_ROUTE = "/openai/v1/audio/transcriptions";
/** Less than this is no recording (a second of Opus from a browser is several kB). */
export const MIN_AUDIO_BYTES = 1024;

/** The container formats OpenAI accepts that a browser records, by their first bytes. */
function formatOf(head: Buffer): string | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return "webm";
  if (head.toString("latin1", 0, 4) === "OggS") return "ogg";
  if (head.toString("latin1", 0, 4) === "RIFF" && head.toString("latin1", 8, 12) === "WAVE") return "wav";
  if (head.toString("latin1", 4, 8) === "ftyp") return "mp4";
  if (head.toString("latin1", 0, 3) === "ID3") return "mp3";
  return null;
}

/** What the test server received: the upload's format, size and model (or why it was refused). */
export interface ReceivedAudio {
  format: string | null;
  bytes: number;
  model: string | null;
  refused: string | null;
}

/**
 * OpenAI's `POST /v1/audio/transcriptions` as the test server speaks it: a multipart form with
 * `file` (real audio: a known container's signature and a non-trivial size) and `model`;
 * anything else is refused with OpenAI's 400 `invalid_request_error`.
 */
export async function answerTranscription(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  transcript: string,
): Promise<ReceivedAudio> {
  const received: ReceivedAudio = { format: null, bytes: 0, model: null, refused: null };
  let form: FormData | null = null;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    }).formData();
  } catch {
    received.refused = "The body is not multipart/form-data";
  }
  const file = form?.get("file");
  const model = form?.get("model");
  received.model = typeof model === "string" ? model : null;
  if (file instanceof Blob) {
    const data = Buffer.from(await file.arrayBuffer());
    received.bytes = data.length;
    received.format = formatOf(data);
  }
  received.refused ??= !(file instanceof Blob)
    ? "'file' is a required property"
    : !received.model
      ? "'model' is a required property"
      : !received.format
        ? "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']"
        : received.bytes < MIN_AUDIO_BYTES
          ? "Audio file is too short. Minimum audio length is 0.1 seconds."
          : null;
  if (received.refused) {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ error: { message: received.refused, type: "invalid_request_error", param: "file" } }),
    );
  } else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: transcript }));
  return received;
}
