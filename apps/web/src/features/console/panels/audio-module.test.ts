import { describe, expect, it } from "vitest";
import { type AudioCapabilities, audioModule } from "./audio-module";

const at = new Date("2026-11-21T12:00:00.000Z");
const all: AudioCapabilities = { microphone: "available", voices: 3, serverVoice: true, transcription: true };

describe("audioModule", () => {
  it("is active when the microphone, a voice and transcription all work", () => {
    expect(audioModule(all, at)).toEqual({
      id: "audio-io",
      name: "Audio I/O",
      status: "active",
      description: "Microphone available; 3 browser voices; transcription by your provider.",
      lastHealthCheck: at.toISOString(),
    });
    expect(audioModule({ ...all, voices: 0 }, at)).toMatchObject({
      status: "active",
      description:
        "Microphone available; the server's voice (no browser voices); transcription by your provider.",
    });
  });

  it("warns with what is missing, and is inactive with nothing", () => {
    expect(audioModule({ ...all, microphone: "blocked", transcription: false }, at)).toMatchObject({
      status: "warning",
      description: "Microphone blocked for this site; 3 browser voices; no transcription provider.",
    });
    expect(audioModule({ ...all, voices: 1, microphone: "none" }, at).description).toBe(
      "No microphone found; 1 browser voice; transcription by your provider.",
    );
    expect(
      audioModule({ microphone: "unsupported", voices: null, serverVoice: false, transcription: false }, at),
    ).toMatchObject({
      status: "inactive",
      description: "This browser cannot record; no voice; no transcription provider.",
    });
  });
});
