import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { lineage, processesWhere } from "../test/processes";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { wavInfo } from "./wav";

const sentence = "I need a break, please. Could we stop for five minutes?";
const longText = "The quick brown fox jumps over the lazy dog. ".repeat(22).trim();
/** Texts a person may type that made espeak-ng die of SIGSEGV (its phoneme reader, [[...]]). */
const crashInputs = [
  `[[h@l'oU]] [[${"a".repeat(900)}`,
  `[[${"a".repeat(800)}]]`,
  `[\u0002${"a".repeat(800)}]]`,
  `[[${"'@".repeat(400)}]]`,
];

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

  it("speaks the texts that crashed espeak-ng (never a 500), and stays healthy", async () => {
    for (const text of crashInputs) {
      const res = await speak({ text });
      expect(res.statusCode, `${text.slice(0, 20)}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(wavInfo(res.rawPayload).seconds).toBeGreaterThan(0.5);
    }
    expect((await t.app.inject({ url: "/api/speech" })).json()).toEqual({ available: true });
    expect(await seconds({ text: "Hello" })).toBeGreaterThan(0.2);
  });

  it("reads phoneme codes, SSML and embedded commands as plain text, not as orders", async () => {
    // As phonemes [[h@l'oU]] is the one word "hello"; read as text it is letters and signs.
    expect(await seconds({ text: "[[h@l'oU]]" })).toBeGreaterThan((await seconds({ text: "hello" })) * 2);
    // With SSML (-m) this would be nine seconds of silence.
    expect(await seconds({ text: '<break time="9s"/> hi' })).toBeLessThan(6);
    // 0x01 starts espeak-ng's embedded commands: "\u000180S" would set the slowest speed.
    expect(await seconds({ text: `\u000180S${sentence}` })).toBeLessThan(
      (await seconds({ text: sentence })) * 1.5,
    );
  });

  it("answers a 400 for a text with nothing to say once control characters are set aside", async () => {
    const res = await speak({ text: "\u0001\u0002\u0003" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "validation_failed",
      fields: { text: "Nothing to say" },
    });
  });

  it("bounds the text: over 1000 characters is a 400, a body over 1 MB a 413, each in words", async () => {
    const long = await speak({ text: `[[${"a".repeat(999)}]]` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ text: "At most 1000 characters" });
    const huge = await speak({ text: "a".repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe("Request body is larger than 1 MB");
  });

  it("runs espeak-ng inside the sandbox: under bubblewrap, with no network", async () => {
    const answer = speak({ text: longText, rate: 0.5 });
    const seen = await espeakProcessesWhile(answer);
    expect((await answer).statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.between).toContain("bwrap");
    expect(seen[0]?.net).not.toBe(fs.readlinkSync("/proc/self/ns/net"));
    expect(seen[0]?.interfaces).toEqual(["lo"]);
  });
});

/**
 * The espeak-ng processes this test process starts while `work` runs: the names of the processes
 * between them and us, their network namespace and its interfaces (looked at every few ms).
 */
async function espeakProcessesWhile(work: Promise<unknown>) {
  const found = new Map<number, { between: string[]; net: string; interfaces: string[] }>();
  let done = false;
  void work.finally(() => {
    done = true;
  });
  while (!done) {
    for (const pid of processesWhere((read) => read("stat").includes("(espeak-ng)"))) {
      try {
        const chain = lineage(pid);
        const mine = chain.findIndex((p) => p.pid === process.pid);
        if (mine < 0 || found.has(pid)) continue; // another process's espeak-ng
        const devices = fs.readFileSync(`/proc/${pid}/net/dev`, "utf8").split("\n").slice(2);
        found.set(pid, {
          between: chain.slice(1, mine).map((p) => p.name),
          net: fs.readlinkSync(`/proc/${pid}/ns/net`),
          interfaces: devices.map((line) => line.split(":")[0]?.trim() ?? "").filter(Boolean),
        });
      } catch {} // it ended meanwhile
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return [...found.values()];
}
