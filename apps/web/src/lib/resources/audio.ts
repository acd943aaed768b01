import { audioApi, pathWith, type Recording, speechApi } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { call, throwIfNotOk } from "../api";
import { filesKeys } from "./files";

/** Recordings are files: their list refreshes with every view of the workspace (files_changed). */
export const recordingsKey = [...filesKeys.all, "audio-recordings"] as const;
export const transcriptionKey = [audioApi.transcriptionAvailable.path] as const;
export const serverSpeechKey = [speechApi.available.path] as const;

/** The recordings in /home/user/audio, newest first, with their lengths. */
export function useRecordings() {
  return useQuery({
    queryKey: recordingsKey,
    queryFn: ({ signal }): Promise<Recording[]> => call(audioApi.recordings, { signal }),
  });
}

/** Whether the person's provider transcribes (an OpenAI key or OpenAI-compatible address). */
export async function fetchTranscriptionAvailable(): Promise<boolean> {
  return (await call(audioApi.transcriptionAvailable)).available;
}

export function useTranscriptionAvailable() {
  return useQuery({
    queryKey: transcriptionKey,
    queryFn: async ({ signal }) => (await call(audioApi.transcriptionAvailable, { signal })).available,
  });
}

/** Whether the server can speak (espeak-ng), for browsers without voices. */
export function useServerSpeechAvailable() {
  return useQuery({
    queryKey: serverSpeechKey,
    queryFn: async ({ signal }) => (await call(speechApi.available, { signal })).available,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sends raw audio (its own media type, not JSON: so not through call()); answers the JSON reply. */
async function postAudio(path: string, audio: Blob): Promise<unknown> {
  const response = await fetch(path, {
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
  return audioApi.saveRecording.answer.parse(await postAudio(audioApi.saveRecording.path, audio));
}

export async function deleteRecording(name: string): Promise<void> {
  await call(audioApi.removeRecording, { params: { name } });
}

/** Where a recording is played from (an audio element's source, not a JSON call). */
export const recordingUrl = (name: string) => pathWith(audioApi.recording.path, { name });

/** A kept recording's text, from the person's provider. */
export async function transcribeRecording(name: string): Promise<string> {
  return (await call(audioApi.transcribeRecording, { params: { name } })).text;
}

/** Audio recorded just now (not kept), as text. */
export async function transcribe(audio: Blob): Promise<string> {
  return audioApi.transcribe.answer.parse(await postAudio(audioApi.transcribe.path, audio)).text;
}
