import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { JobSlots } from "../sandbox/limiter";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { espeakArguments, SpeechService } from "./service";
import { wavInfo } from "./wav";

const sentence = "I need a break, please. Could we stop for five minutes?";
const longText = "The quick brown fox jumps over the lazy dog. ".repeat(22).trim();

describeEachDatabase("server speech: /api/speech", (db) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp(db());
    ({ cookie } = await signedInUser(t.app));
  });
  afterAll(() => t.app.close());

  const speak = (payload: unknown, as = cookie) =>
    t.app.inject({ method: "POST", url: "/api/speech", payload: payload as object, headers: { cookie: as } });
  const seconds = async (payload: object) => {
    const res = await speak(payload);
    expect(res.statusCode).toBe(200);
    return wavInfo(res.rawPayload).seconds;
  };

  it("says espeak-ng is available", async () => {
    const res = await t.app.inject({ url: "/api/speech" });
    expect(res.json()).toEqual({ available: true });
  });

  it("answers the text spoken as a WAV file: 22050 Hz mono 16-bit, with its real sizes", async () => {
    const res = await speak({ text: "Hello", rate: 0.9, pitch: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("audio/wav");
    const wav = res.rawPayload;
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const info = wavInfo(wav);
    expect(info).toMatchObject({ sampleRate: 22050, channels: 1, bits: 16 });
    expect(info.seconds).toBeGreaterThan(0.2);
    expect(info.seconds).toBeLessThan(3);
  });

  it("speaks longer for a longer text, and faster at a higher rate", async () => {
    const short = await seconds({ text: "Yes" });
    const long = await seconds({ text: sentence });
    expect(long).toBeGreaterThan(short * 2);
    const fast = await seconds({ text: sentence, rate: 2 });
    const slow = await seconds({ text: sentence, rate: 0.5 });
    expect(fast).toBeLessThan(slow / 2);
  });

  it("refuses bad bodies with a 400 naming the field", async () => {
    const bad = [
      {},
      { text: "" },
      { text: "   " },
      { text: "x".repeat(1001) },
      { text: "Hello\u0000there" },
      { text: "Hello", rate: 0 },
      { text: "Hello", rate: 11 },
      { text: "Hello", pitch: 2.5 },
      { text: "Hello", pitch: "high" },
      { text: "Hello", voice: "en-us" },
    ];
    for (const body of bad) {
      const res = await speak(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await speak({ text: "x".repeat(1001) })).json().error.fields).toEqual({
      text: "At most 1000 characters",
    });
  });

  it("refuses the signed-out", async () => {
    expect((await speak({ text: "Hello" }, "")).statusCode).toBe(401);
    expect((await speak({ text: "Hello" }, "neuroos_session=forged")).statusCode).toBe(401);
  });

  it("speaks at most 2 texts at once for a person: more are refused with 429", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => speak({ text: longText })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 200)).toBe(true);
    const refused = answers.find((res) => res.statusCode === 429);
    expect(refused?.json().error.message).toMatch(/speech requests running/);
    expect((await speak({ text: "Hello" })).statusCode).toBe(200);
  });
});

describe("SpeechService", () => {
  const request = { text: longText, rate: 1, pitch: 1 };

  it("maps the Web Speech API's rate and pitch to espeak-ng's, within its ranges", () => {
    expect(espeakArguments(0.9, 1)).toEqual(["--stdout", "-v", "en", "-s", "158", "-p", "50", "--stdin"]);
    expect(espeakArguments(0.1, 0).slice(3, 7)).toEqual(["-s", "80", "-p", "0"]);
    expect(espeakArguments(10, 2).slice(3, 7)).toEqual(["-s", "450", "-p", "99"]);
  });

  it("says what is missing when espeak-ng is not installed: 503", async () => {
    const speech = new SpeechService(new JobSlots(2, 4), { binary: "/nonexistent/espeak-ng" });
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
    const speech = new SpeechService(slots, { timeoutMs: 1 });
    const error = await speech.speak("u1", request).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 504, code: "speech_timeout" });
    expect(slots.runningTotal).toBe(0);
  });

  it("holds the whole server to its cap across people: 429", async () => {
    const speech = new SpeechService(new JobSlots(2, 1, { noun: "speech request", busyStatus: 429 }));
    const results = await Promise.allSettled([speech.speak("u1", request), speech.speak("u2", request)]);
    expect(results[0].status).toBe("fulfilled");
    expect(results[1]).toMatchObject({ status: "rejected", reason: { status: 429, code: "rate_limited" } });
  });
});
