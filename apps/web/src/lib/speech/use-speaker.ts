import { useCallback, useEffect, useRef, useState } from "react";
import {
  type Speaking,
  speakWithBrowser,
  speakWithServer,
  type VoiceSettings,
  type VoiceSource,
} from "./speaker";

const browserVoices = (): SpeechSynthesisVoice[] =>
  typeof speechSynthesis === "undefined" ? [] : speechSynthesis.getVoices();

/** The browser's voices, kept current (browsers load them late and announce `voiceschanged`). */
export function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState(browserVoices);
  useEffect(() => {
    if (typeof speechSynthesis === "undefined") return;
    const update = () => setVoices(browserVoices());
    update();
    speechSynthesis.addEventListener("voiceschanged", update);
    return () => speechSynthesis.removeEventListener("voiceschanged", update);
  }, []);
  return voices;
}

/**
 * Speaks texts with the browser's voices when it has any, else with the server's: one text at a
 * time (a new one stops the one still speaking); everything stops when the screen closes.
 */
export function useSpeaker() {
  const voices = useVoices();
  const source: VoiceSource = voices.length > 0 ? "browser" : "server";
  const current = useRef<Speaking | null>(null);
  const [speaking, setSpeaking] = useState(false);

  useEffect(() => () => current.current?.stop(), []);

  const speak = useCallback(
    (text: string, settings: VoiceSettings): Speaking => {
      current.current?.stop();
      const speech =
        source === "browser" ? speakWithBrowser(text, settings) : speakWithServer(text, settings);
      current.current = speech;
      setSpeaking(true);
      void speech.finished.finally(() => {
        if (current.current !== speech) return;
        current.current = null;
        setSpeaking(false);
      });
      return speech;
    },
    [source],
  );
  const stop = useCallback(() => current.current?.stop(), []);

  return { source, voices, speaking, speak, stop };
}
