import type { SpeechRequest } from "@neuroos/contracts";
import { throwIfNotOk } from "../api";

/** The server's voice (espeak-ng) for browsers without one: the text spoken, as WAV bytes. */
export async function fetchServerSpeech(request: SpeechRequest, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch("/api/speech", {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
    signal,
  });
  await throwIfNotOk(response);
  return response.arrayBuffer();
}
