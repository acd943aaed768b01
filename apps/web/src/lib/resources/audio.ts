import { availabilitySchema, type Recording, recordingSchema, transcriptSchema } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn, throwIfNotOk } from "../api";
import { filesKeys } from "./files";

const fetchJson = getQueryFn({ on401: "throw" });
const RECORDINGS = "/api/audio/recordings";

/** Recordings are files: their list refreshes with every view of the workspace (files_changed). */
export const recordingsKey = [...filesKeys.all, "audio-recordings"] as const;
export const transcriptionKey = ["/api/audio/transcriptions"] as const;
export const serverSpeechKey = ["/api/speech"] as const;

/** The recordings in /home/user/audio, newest first, with their lengths. */
export function useRecordings() {
  return useQuery({
    queryKey: recordingsKey,
    queryFn: async ({ signal }) => {
      const response = await fetch(RECORDINGS, { credentials: "include", signal });
      await throwIfNotOk(response);
      return z.array(recordingSchema).parse(await response.json());
    },
  });
}

/** Whether the person's provider transcribes (an OpenAI key or OpenAI-compatible address). */
export async function fetchTranscriptionAvailable(): Promise<boolean> {
  return availabilitySchema.parse(await apiRequest("GET", transcriptionKey[0])).available;
}

export function useTranscriptionAvailable() {
  return useQuery({
    queryKey: transcriptionKey,
    queryFn: async (context) => availabilitySchema.parse(await fetchJson(context)).available,
  });
}

/** Whether the server can speak (espeak-ng), for browsers without voices. */
export function useServerSpeechAvailable() {
  return useQuery({
    queryKey: serverSpeechKey,
    queryFn: async (context) => availabilitySchema.parse(await fetchJson(context)).available,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

async function postAudio(url: string, audio: Blob): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": audio.type || "audio/webm" },
    body: audio,
  });
  await throwIfNotOk(response);
  return response.json();
}

/** Keeps a recording in the workspace; answers it as listed. */
export async function saveRecording(audio: Blob): Promise<Recording> {
  return recordingSchema.parse(await postAudio(RECORDINGS, audio));
}

export async function deleteRecording(name: string): Promise<void> {
  await apiRequest("DELETE", `${RECORDINGS}/${encodeURIComponent(name)}`);
}

/** Where a recording is played from. */
export const recordingUrl = (name: string) => `${RECORDINGS}/${encodeURIComponent(name)}`;

/** A kept recording's text, from the person's provider. */
export async function transcribeRecording(name: string): Promise<string> {
  const answer = await apiRequest("POST", `${RECORDINGS}/${encodeURIComponent(name)}/transcription`);
  return transcriptSchema.parse(answer).text;
}

/** Audio recorded just now (not kept), as text. */
export async function transcribe(audio: Blob): Promise<string> {
  return transcriptSchema.parse(await postAudio(transcriptionKey[0], audio)).text;
}
