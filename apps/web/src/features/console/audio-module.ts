import type { SystemModule } from "@neuroos/contracts";

/** What this browser offers for speech: it is where NeuroOS speaks and listens. */
export interface SpeechCapabilities {
  /** Voices speech synthesis can use; null when the browser has no speech synthesis. */
  voices: number | null;
  recognition: boolean;
  microphone: boolean;
}

export function speechCapabilities(win: Window & typeof globalThis = window): SpeechCapabilities {
  const speech = "speechSynthesis" in win ? win.speechSynthesis : null;
  const withRecognition = win as unknown as Record<string, unknown>;
  return {
    voices: speech ? speech.getVoices().length : null,
    recognition: Boolean(withRecognition.SpeechRecognition ?? withRecognition.webkitSpeechRecognition),
    microphone: typeof win.navigator.mediaDevices?.getUserMedia === "function",
  };
}

/**
 * The Audio I/O module from the browser's real speech support: active with voices to speak
 * and a way to listen, warning with one of them, inactive with neither.
 */
export function audioModule(caps: SpeechCapabilities, checkedAt: Date): SystemModule {
  const output =
    caps.voices === null
      ? "no speech output"
      : caps.voices === 0
        ? "speech output without voices installed"
        : `speech output with ${caps.voices} voice${caps.voices === 1 ? "" : "s"}`;
  const listens = caps.recognition && caps.microphone;
  const input = listens ? "speech input available" : "no speech input";
  const speaks = (caps.voices ?? 0) > 0;
  return {
    id: "audio-io",
    name: "Audio I/O",
    status: speaks && listens ? "active" : speaks || listens ? "warning" : "inactive",
    description: `This browser: ${output}, ${input}.`,
    lastHealthCheck: checkedAt.toISOString(),
  };
}
