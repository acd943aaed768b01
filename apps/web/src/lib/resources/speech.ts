import { type SpeechRequest, speechApi } from "@neuroos/contracts";
import { throwIfNotOk } from "../api";

/**
 * The server's voice (espeak-ng) for browsers without one: the text spoken, as WAV bytes. Its own
 * fetch, not call(): the answer is audio, not JSON.
 */
export async function fetchServerSpeech(request: SpeechRequest, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(speechApi.speak.path, {
    method: speechApi.speak.method,
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
    signal,
  });
  await throwIfNotOk(response);
  return response.arrayBuffer();
}
