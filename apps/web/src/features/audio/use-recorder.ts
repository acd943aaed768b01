import { useCallback, useEffect, useRef, useState } from "react";
import { audioContext } from "@/lib/accessibility/sound";

/** A recording stops by itself after half an hour (about 7 MB of Opus, well within 25 MB). */
export const MAX_RECORDING_MS = 30 * 60 * 1000;
/** How often the level meter and the elapsed time are refreshed. */
const TICK_MS = 100;

export type RecorderPhase = "idle" | "starting" | "recording";

/** Why the microphone could not be used, in words a person can act on. */
export function microphoneError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
      return "Microphone access was denied. Allow the microphone for this site in your browser's site settings, then try again.";
    case "NotFoundError":
    case "OverconstrainedError":
      return "No microphone was found. Connect one (or check that it is switched on) and try again.";
    case "NotReadableError":
    case "AbortError":
      return "The microphone could not be started: another application may be using it.";
    default:
      return `The microphone could not be used${error instanceof Error && error.message ? `: ${error.message}` : "."}`;
  }
}

/**
 * The loudness of a block of samples (-1..1) on a 0..1 scale: its RMS in decibels, from
 * -60 dBFS (silence, 0) to 0 dBFS (full scale, 1).
 */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  const decibels = 20 * Math.log10(Math.max(rms, 1e-6));
  return Math.min(1, Math.max(0, (decibels + 60) / 60));
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  source: MediaStreamAudioSourceNode;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Records the microphone with MediaRecorder, measuring its level (through the page's audio
 * context) and the time elapsed; `onRecorded` gets the recording when it stops.
 */
export function useRecorder(onRecorded: (audio: Blob) => void) {
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const recorded = useRef(onRecorded);
  recorded.current = onRecorded;

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    clearInterval(current.timer);
    current.source.disconnect();
    for (const track of current.stream.getTracks()) track.stop();
  }, []);

  const stop = useCallback(() => {
    const recorder = session.current?.recorder;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setError(null);
    if (typeof navigator.mediaDevices?.getUserMedia !== "function" || typeof MediaRecorder === "undefined") {
      setError("This browser cannot record audio here (recording needs a secure https:// address).");
      return;
    }
    setPhase("starting");
    let stream: MediaStream | null = null;
    try {
      // The context is made (or resumed) within the person's click.
      const context = audioContext();
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const source = context.createMediaStreamSource(stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      source.connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      const chunks: Blob[] = [];
      const began = performance.now();
      const timer = setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        setLevel(levelOf(samples));
        const elapsed = performance.now() - began;
        setElapsedMs(elapsed);
        if (elapsed >= MAX_RECORDING_MS) stop();
      }, TICK_MS);
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        release();
        setPhase("idle");
        setLevel(0);
        recorded.current(new Blob(chunks, { type: recorder.mimeType || "audio/webm" }));
      };
      session.current = { stream, recorder, source, timer };
      setElapsedMs(0);
      recorder.start(1000);
      setPhase("recording");
    } catch (err) {
      release();
      for (const track of stream?.getTracks() ?? []) track.stop();
      setPhase("idle");
      setError(microphoneError(err));
    }
  }, [release, stop]);

  useEffect(
    () => () => {
      const recorder = session.current?.recorder;
      if (recorder) recorder.onstop = null;
      if (recorder && recorder.state !== "inactive") recorder.stop();
      release();
    },
    [release],
  );

  return { phase, elapsedMs, level, error, start, stop };
}
