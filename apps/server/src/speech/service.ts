import { access, constants, mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { SandboxResult } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { SANDBOX_HOME } from "../sandbox/bwrap";
import type { JobSlots } from "../sandbox/limiter";
import { type Sandbox, type SandboxLimits, SandboxUnavailableError } from "../sandbox/runner";
import { plainSpeechText } from "./text";
import { sealWav } from "./wav";

/** Debian's espeak-ng, installed by the project's scripts. */
export const ESPEAK_NG = "/usr/bin/espeak-ng";
export const SPEECH_TIMEOUT_MS = 10_000;
/** Speech at once: per person, and on the whole server. */
export const SPEECH_PER_USER = 2;
export const SPEECH_MAX = 4;
/**
 * The sandbox's file size limit for espeak-ng: far above the audio of 1000 characters at the
 * slowest rate (about 6 MB), and above the 64 MB shared-memory file libpulse (which Debian's
 * espeak-ng loads even when it writes a file) sizes at start, or it dies of SIGXFSZ.
 */
const MAX_FILE_MB = 80;
/** espeak-ng writes the audio into the sandbox's home folder: a fresh host folder per request. */
const WAV_FILE = "speech.wav";

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * espeak-ng's arguments for the Web Speech API's rate and pitch (1 = normal): 175 words a
 * minute and pitch 50 are espeak's normal, within its 80–450 and 0–99. The text goes to stdin,
 * read as plain text (no -m: SSML is not read).
 */
export function espeakArguments(rate: number, pitch: number): string[] {
  const wordsPerMinute = clamp(Math.round(175 * rate), 80, 450);
  const espeakPitch = clamp(Math.round(50 * pitch), 0, 99);
  return [
    "-w",
    `${SANDBOX_HOME}/${WAV_FILE}`,
    "-v",
    "en",
    "-s",
    String(wordsPerMinute),
    "-p",
    String(espeakPitch),
    "--stdin",
  ];
}

export interface SpeechOptions {
  binary?: string;
  timeoutMs?: number;
}

/** Why espeak-ng gave no audio, in words: a 504 past the time limit, else a 502. */
function synthesisError(result: SandboxResult, timeoutMs: number): AppError | null {
  if (result.limit === "time" || result.limit === "cpu")
    return new AppError(
      504,
      "speech_timeout",
      `Speaking took longer than ${timeoutMs / 1000} s and was stopped; try a shorter text`,
    );
  const failed = (why: string) =>
    new AppError(502, "speech_failed", `The speech synthesiser failed on this text: ${why}`);
  if (result.limit) return failed(`it went past the sandbox's ${result.limit.replace("_", " ")} limit`);
  if (result.signal) return failed(`espeak-ng stopped with ${result.signal}; try other words`);
  if (result.exitCode !== 0)
    return failed(`espeak-ng exited with ${result.exitCode}: ${result.stderr.trim().slice(0, 200)}`);
  return null;
}

/**
 * Text to speech with espeak-ng, for browsers that have no voice of their own. espeak-ng runs in
 * the sandbox like any untrusted work (no network, rlimits, cgroups): it parses what a person
 * typed, and has crashed on it.
 */
export class SpeechService {
  private readonly binary: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly sandbox: Sandbox,
    private readonly slots: JobSlots,
    options: SpeechOptions = {},
  ) {
    this.binary = options.binary ?? ESPEAK_NG;
    this.timeoutMs = options.timeoutMs ?? SPEECH_TIMEOUT_MS;
  }

  private installed(): Promise<boolean> {
    return access(this.binary, constants.X_OK).then(
      () => true,
      () => false,
    );
  }

  /** Whether espeak-ng is installed and the sandbox it runs in can start. */
  async available(): Promise<boolean> {
    return (await this.installed()) && (await this.sandbox.health()).available;
  }

  /** The text spoken as a WAV file (22050 Hz, mono, 16-bit). */
  async speak(userId: string, request: { text: string; rate: number; pitch: number }): Promise<Buffer> {
    const text = plainSpeechText(request.text).trim();
    if (!text)
      throw new AppError(400, "validation_failed", "text: Nothing to say", { text: "Nothing to say" });
    if (!(await this.installed()))
      throw new AppError(
        503,
        "service_unavailable",
        "Server speech is unavailable: espeak-ng is not installed on the server",
      );
    const release = this.slots.acquire(userId);
    let home: string | null = null;
    try {
      home = await mkdtemp(path.join(os.tmpdir(), "neuroos-speech-"));
      const result = await this.run(espeakArguments(request.rate, request.pitch), home, text);
      const error = synthesisError(result, this.timeoutMs);
      if (error) throw error;
      const wav = await readSandboxFile(path.join(home, WAV_FILE), MAX_WAV_BYTES);
      if (!wav)
        throw new AppError(502, "speech_failed", "The speech synthesiser wrote no audio for this text");
      return sealWav(wav);
    } finally {
      if (home) await rm(home, { recursive: true, force: true });
      release();
    }
  }

  /** Runs espeak-ng in a sandbox over `home`, the text on stdin. */
  private async run(args: string[], home: string, text: string): Promise<SandboxResult> {
    const limits: Partial<SandboxLimits> = {
      timeoutMs: this.timeoutMs,
      cpuSeconds: Math.ceil(this.timeoutMs / 1000),
      maxFileSizeMb: MAX_FILE_MB,
      outputBytes: 64 * 1024,
      tmpMb: 1,
    };
    try {
      return await this.sandbox.runCommand([this.binary, ...args], home, { stdin: text, limits });
    } catch (err) {
      if (!(err instanceof SandboxUnavailableError)) throw err;
      throw new AppError(
        503,
        "service_unavailable",
        "Server speech is unavailable: the sandbox it runs in cannot start on this server",
      );
    }
  }
}

/** The most audio a request may give back (1,000 characters speak for well under this). */
const MAX_WAV_BYTES = 16 * 1024 * 1024;

/**
 * A file the sandboxed program wrote: only a regular file (never through a link it planted, never a
 * FIFO or device) and at most `maxBytes`; null otherwise.
 */
async function readSandboxFile(file: string, maxBytes: number): Promise<Buffer | null> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => null,
  );
  if (!handle) return null;
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > maxBytes) return null;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
