import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { JobSlots } from "../sandbox/limiter";
import { Sandbox } from "../sandbox/runner";
import { describeWithSandbox, testLimits } from "../test/sandbox-ready";
import { espeakArguments, SpeechService } from "./service";

const longText = "The quick brown fox jumps over the lazy dog. ".repeat(22).trim();

describeWithSandbox("SpeechService", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "neuroos-speech-service-"));
  const sandbox = new Sandbox({ bwrap: "bwrap", dataDir: path.join(root, "data"), limits: testLimits });
  const request = { text: longText, rate: 1, pitch: 1 };
  afterAll(() => {
    sandbox.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("maps the Web Speech API's rate and pitch to espeak-ng's, within its ranges", () => {
    expect(espeakArguments(0.9, 1)).toEqual([
      "-w",
      "/home/user/speech.wav",
      "-v",
      "en",
      "-s",
      "158",
      "-p",
      "50",
      "--stdin",
    ]);
    expect(espeakArguments(0.1, 0).slice(4, 8)).toEqual(["-s", "80", "-p", "0"]);
    expect(espeakArguments(10, 2).slice(4, 8)).toEqual(["-s", "450", "-p", "99"]);
  });

  it("says what is missing when espeak-ng is not installed: 503", async () => {
    const speech = new SpeechService(sandbox, new JobSlots(2, 4), { binary: "/nonexistent/espeak-ng" });
    expect(await speech.available()).toBe(false);
    const error = await speech.speak("u1", request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 503,
      message: expect.stringMatching(/espeak-ng is not installed/),
    });
  });

  it("stops espeak-ng past its time limit: 504, and the slot is free again", async () => {
    const slots = new JobSlots(1, 1);
    const speech = new SpeechService(sandbox, slots, { timeoutMs: 1 });
    const error = await speech.speak("u1", request).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, code: "speech_timeout" });
    expect(slots.runningTotal).toBe(0);
  });

  it("holds the whole server to its cap across people: 429", async () => {
    const slots = new JobSlots(2, 1, { noun: "speech request", busyStatus: 429 });
    const speech = new SpeechService(sandbox, slots);
    const results = await Promise.allSettled([speech.speak("u1", request), speech.speak("u2", request)]);
    expect(results[0].status).toBe("fulfilled");
    expect(results[1]).toMatchObject({ status: "rejected", reason: { status: 429, code: "rate_limited" } });
  });

  it("fails closed: no sandbox, no speech (503 in words), though espeak-ng is installed", async () => {
    const broken = new Sandbox({ bwrap: "/nonexistent/bwrap", dataDir: root, limits: testLimits });
    const speech = new SpeechService(broken, new JobSlots(2, 4));
    expect(await speech.available()).toBe(false);
    await expect(speech.speak("u1", request)).rejects.toMatchObject({
      status: 503,
      code: "service_unavailable",
      message: "Server speech is unavailable: the sandbox it runs in cannot start on this server",
    });
    broken.close();
  });

  it("answers a 502 in words when the synthesiser fails, and frees its slot", async () => {
    const slots = new JobSlots(1, 1);
    const failing = new SpeechService(sandbox, slots, { binary: "/usr/bin/false" });
    await expect(failing.speak("u1", request)).rejects.toMatchObject({
      status: 502,
      code: "speech_failed",
      message: expect.stringMatching(/^The speech synthesiser failed on this text: espeak-ng exited with 1/),
    });
    expect(slots.runningTotal).toBe(0);
  });
});
