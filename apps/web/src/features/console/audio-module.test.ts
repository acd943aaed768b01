import { describe, expect, it } from "vitest";
import { audioModule } from "./audio-module";

const at = new Date("2026-11-21T12:00:00.000Z");

describe("audioModule", () => {
  it("is active when the browser can speak and listen", () => {
    expect(audioModule({ voices: 3, recognition: true, microphone: true }, at)).toEqual({
      id: "audio-io",
      name: "Audio I/O",
      status: "active",
      description: "This browser: speech output with 3 voices, speech input available.",
      lastHealthCheck: at.toISOString(),
    });
  });

  it("warns with only one direction, and is inactive with neither", () => {
    expect(audioModule({ voices: 0, recognition: true, microphone: true }, at)).toMatchObject({
      status: "warning",
      description: "This browser: speech output without voices installed, speech input available.",
    });
    expect(audioModule({ voices: 1, recognition: false, microphone: true }, at).status).toBe("warning");
    expect(audioModule({ voices: null, recognition: false, microphone: false }, at)).toMatchObject({
      status: "inactive",
      description: "This browser: no speech output, no speech input.",
    });
  });
});
