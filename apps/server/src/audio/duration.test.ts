import { describe, expect, it } from "vitest";
import { audioDurationMs, looksLike, oggDurationMs } from "./duration";
import { browserRecording, oggOpus, wav } from "./testing/recordings";
import { webmDurationMs } from "./webm-duration";

describe("a recording's length, read from its bytes", () => {
  it("WebM as a browser's MediaRecorder writes it (no Duration, clusters of unknown size): the last block plus one frame", () => {
    // Chromium decodes this file to 1.98 s; its blocks are 60 ms Opus frames.
    expect(webmDurationMs(browserRecording())).toBe(1980);
  });

  it("WebM cut short (a recording still being written) is as long as what it holds", () => {
    const whole = browserRecording();
    const half = webmDurationMs(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(half).toBeGreaterThan(300);
    expect(half).toBeLessThan(1980);
  });

  it("Ogg Opus: the last page's granule position at 48 kHz, less the pre-skip", () => {
    expect(oggDurationMs(oggOpus(48_000 * 3 + 312))).toBe(3000);
    expect(audioDurationMs(oggOpus(24_312), "ogg")).toBe(500);
  });

  it("WAV: its data chunk over its byte rate", () => {
    expect(audioDurationMs(wav(1.25), "wav")).toBe(1250);
  });

  it("is unknown (null) for formats that do not say, and for damaged or foreign bytes", () => {
    expect(audioDurationMs(Buffer.from("ID3 not parsed"), "mp3")).toBeNull();
    expect(audioDurationMs(Buffer.from("RIFF....WAVE"), "wav")).toBeNull();
    expect(audioDurationMs(Buffer.alloc(100), "webm")).toBeNull();
    expect(audioDurationMs(Buffer.from("OggS"), "ogg")).toBeNull();
  });

  it("tells a format by its signature, so a renamed file is not taken for audio", () => {
    expect(looksLike(browserRecording(), "webm")).toBe(true);
    expect(looksLike(browserRecording(), "ogg")).toBe(false);
    expect(looksLike(oggOpus(48_000), "ogg")).toBe(true);
    expect(looksLike(wav(0.1), "wav")).toBe(true);
    expect(looksLike(Buffer.from("<html>not audio</html>"), "webm")).toBe(false);
  });
});
