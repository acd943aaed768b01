import { useCallback } from "react";
import { useSpeaker as useVoice } from "@/lib/speech/use-speaker";
import { SPEECH_PITCH, SPEECH_RATE } from "./board";

/**
 * The board's voice: the browser's, else the server's (lib/speech), at the spec's rate 0.9 and
 * pitch 1. `speak` resolves once the speech started; rejects with the reason it could not
 * (AbortError when a new text replaced it).
 */
export function useSpeaker() {
  const { source, speak: say } = useVoice();
  const speak = useCallback(
    async (text: string): Promise<void> => {
      await say(text, { rate: SPEECH_RATE, pitch: SPEECH_PITCH }).started;
    },
    [say],
  );
  return { source, speak };
}
