import { spawn } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { AppError } from "../http/errors";
import type { JobSlots } from "../sandbox/limiter";
import { sealWav } from "./wav";

/** Debian's espeak-ng, installed by the project's scripts. */
export const ESPEAK_NG = "/usr/bin/espeak-ng";
export const SPEECH_TIMEOUT_MS = 10_000;
/** Speech at once: per person, and on the whole server. */
export const SPEECH_PER_USER = 2;
export const SPEECH_MAX = 4;
/** Far above what 1000 characters at the slowest rate make (about 6 MB). */
const MAX_WAV_BYTES = 32 * 1024 * 1024;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * espeak-ng's arguments for the Web Speech API's rate and pitch (1 = normal): 175 words a
 * minute and pitch 50 are espeak's normal, within its 80–450 and 0–99. The text goes to stdin.
 */
export function espeakArguments(rate: number, pitch: number): string[] {
  const wordsPerMinute = clamp(Math.round(175 * rate), 80, 450);
  const espeakPitch = clamp(Math.round(50 * pitch), 0, 99);
  return ["--stdout", "-v", "en", "-s", String(wordsPerMinute), "-p", String(espeakPitch), "--stdin"];
}

export interface SpeechOptions {
  binary?: string;
  timeoutMs?: number;
}

/** Text to speech with espeak-ng, for browsers that have no voice of their own. */
export class SpeechService {
  private readonly binary: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly slots: JobSlots,
    options: SpeechOptions = {},
  ) {
    this.binary = options.binary ?? ESPEAK_NG;
    this.timeoutMs = options.timeoutMs ?? SPEECH_TIMEOUT_MS;
  }

  /** Whether espeak-ng is installed (and can be run). */
  async available(): Promise<boolean> {
    return access(this.binary, constants.X_OK).then(
      () => true,
      () => false,
    );
  }

  /** The text spoken as a WAV file (22050 Hz, mono, 16-bit). */
  async speak(userId: string, request: { text: string; rate: number; pitch: number }): Promise<Buffer> {
    if (!(await this.available()))
      throw new AppError(
        503,
        "service_unavailable",
        "Server speech is unavailable: espeak-ng is not installed on the server",
      );
    const release = this.slots.acquire(userId);
    try {
      return sealWav(await this.run(espeakArguments(request.rate, request.pitch), request.text));
    } finally {
      release();
    }
  }

  /** Runs espeak-ng (no shell) with the text on stdin; its stdout, or an error. */
  private run(args: string[], text: string): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, args, { stdio: ["pipe", "pipe", "pipe"] });
      const output: Buffer[] = [];
      let bytes = 0;
      let stderr = "";
      let failure: Error | null = null;
      const stop = (error: Error) => {
        failure ??= error;
        child.kill("SIGKILL");
      };
      const timer = setTimeout(
        () =>
          stop(
            new AppError(
              504,
              "speech_timeout",
              `Speaking took longer than ${this.timeoutMs / 1000} s and was stopped; try a shorter text`,
            ),
          ),
        this.timeoutMs,
      );
      child.stdout.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > MAX_WAV_BYTES) stop(new Error("espeak-ng's output is larger than 32 MB"));
        else output.push(chunk);
      });
      child.stderr.on("data", (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString("utf8");
      });
      // A child that dies early closes its stdin: the exit below reports why.
      child.stdin.on("error", () => {});
      child.on("error", (error) => stop(error));
      child.on("close", (code) => {
        clearTimeout(timer);
        if (failure) reject(failure);
        else if (code !== 0) reject(new Error(`espeak-ng exited with ${code}: ${stderr.trim()}`));
        else resolve(Buffer.concat(output));
      });
      child.stdin.end(text, "utf8");
    });
  }
}
