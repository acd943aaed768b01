import { useCallback, useEffect, useRef, useState } from "react";
import { audioContext } from "../../../lib/accessibility/sound";
import { fetchServerSpeech } from "../../../lib/resources/speech";
import { SPEECH_PITCH, SPEECH_RATE } from "./board";

/** Who speaks: the browser's own voice, or the server's (espeak-ng) when the browser has none. */
export type VoiceSource = "browser" | "server";

export const VOICE_LINES: Record<VoiceSource, string> = {
  browser: "Speaking with your browser's voice",
  server: "Speaking with the NeuroOS server voice",
};

const browserHasVoice = () =>
  typeof speechSynthesis !== "undefined" && speechSynthesis.getVoices().length > 0;

/**
 * Speaks text at the spec's rate 0.9 and pitch 1: with `speechSynthesis` when the browser has a
 * voice (checked again on `voiceschanged`), else with audio from POST /api/speech. A new text
 * stops the one still speaking.
 */
export function useSpeaker() {
  const [source, setSource] = useState<VoiceSource>(() => (browserHasVoice() ? "browser" : "server"));
  const stopCurrent = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (typeof speechSynthesis === "undefined") return;
    const update = () => setSource(browserHasVoice() ? "browser" : "server");
    update();
    speechSynthesis.addEventListener("voiceschanged", update);
    return () => {
      speechSynthesis.removeEventListener("voiceschanged", update);
      stopCurrent.current?.();
    };
  }, []);

  /** Resolves once the speech started; rejects with the reason it could not (AbortError if replaced). */
  const speak = useCallback(
    async (text: string): Promise<void> => {
      stopCurrent.current?.();
      if (source === "browser") {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.rate = SPEECH_RATE;
        utterance.pitch = SPEECH_PITCH;
        speechSynthesis.speak(utterance);
        stopCurrent.current = () => speechSynthesis.cancel();
        return;
      }
      // Made (or resumed) within the person's tap, as browsers ask before playing sound.
      const context = audioContext();
      const controller = new AbortController();
      let player: AudioBufferSourceNode | null = null;
      stopCurrent.current = () => {
        controller.abort();
        player?.stop();
      };
      const wav = await fetchServerSpeech(
        { text, rate: SPEECH_RATE, pitch: SPEECH_PITCH },
        controller.signal,
      );
      const audio = await context.decodeAudioData(wav);
      if (controller.signal.aborted) return;
      player = context.createBufferSource();
      player.buffer = audio;
      player.connect(context.destination);
      player.start();
    },
    [source],
  );

  return { source, speak };
}
