import type { SystemModule } from "@neuroos/contracts";

/** The microphone as this page can use it. */
export type MicrophoneState = "available" | "blocked" | "none" | "unsupported";

/** What NeuroOS can hear and say here: the browser's microphone and voices, the server's voice and the person's transcription. */
export interface AudioCapabilities {
  microphone: MicrophoneState;
  /** The browser's voices; null when it has no speech synthesis. */
  voices: number | null;
  /** The server speaks (espeak-ng) for browsers without voices. */
  serverVoice: boolean;
  /** The person's provider transcribes recordings. */
  transcription: boolean;
}

/** The microphone: whether the browser records at all, whether it was refused, whether one is connected. */
export async function microphoneState(win: Window & typeof globalThis = window): Promise<MicrophoneState> {
  const media = win.navigator.mediaDevices;
  if (typeof media?.getUserMedia !== "function" || typeof win.MediaRecorder === "undefined")
    return "unsupported";
  const permission = await win.navigator.permissions
    ?.query({ name: "microphone" as PermissionName })
    .then((status) => status.state)
    .catch(() => null);
  if (permission === "denied") return "blocked";
  const devices = await media.enumerateDevices().catch(() => []);
  return devices.some((device) => device.kind === "audioinput") ? "available" : "none";
}

export const browserVoiceCount = (win: Window & typeof globalThis = window): number | null =>
  "speechSynthesis" in win ? win.speechSynthesis.getVoices().length : null;

const MICROPHONE: Record<MicrophoneState, string> = {
  available: "microphone available",
  blocked: "microphone blocked for this site",
  none: "no microphone found",
  unsupported: "this browser cannot record",
};

/**
 * The Audio I/O module from what really works: the microphone, speech (the browser's voices, else
 * the server's) and transcription. Active when all three do, warning with some, inactive with none.
 */
export function audioModule(caps: AudioCapabilities, checkedAt: Date): SystemModule {
  const listens = caps.microphone === "available";
  const browserSpeaks = (caps.voices ?? 0) > 0;
  const speaks = browserSpeaks || caps.serverVoice;
  const speech = browserSpeaks
    ? `${caps.voices} browser voice${caps.voices === 1 ? "" : "s"}`
    : caps.serverVoice
      ? "the server's voice (no browser voices)"
      : "no voice";
  const transcription = caps.transcription ? "transcription by your provider" : "no transcription provider";
  const working = [listens, speaks, caps.transcription].filter(Boolean).length;
  return {
    id: "audio-io",
    name: "Audio I/O",
    status: working === 3 ? "active" : working === 0 ? "inactive" : "warning",
    description: `${MICROPHONE[caps.microphone]}; ${speech}; ${transcription}.`.replace(/^./, (c) =>
      c.toUpperCase(),
    ),
    lastHealthCheck: checkedAt.toISOString(),
  };
}
