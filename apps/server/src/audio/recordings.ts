import {
  AUDIO_DIR,
  type AudioExtension,
  audioExtensionOf,
  audioFormats,
  type FileEntry,
  RECORDING_MAX_BYTES,
  type Recording,
} from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { checkName } from "../workspace/path-guard";
import type { Owner, WorkspaceService } from "../workspace/service";
import { audioDurationMs } from "./duration";
import { checkedRecording, recordingTooLarge } from "./formats";

/** Durations already read, by user, file and version (a recording is read once, not at every listing). */
const MAX_CACHED = 5000;

const pad = (n: number) => String(n).padStart(2, "0");
/** recording-2026-11-21-140533.webm (UTC), and -2, -3, ... when that name is taken. */
function recordingName(at: Date, attempt: number, extension: string): string {
  const stamp = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  return `recording-${stamp}${attempt > 1 ? `-${attempt}` : ""}.${extension}`;
}

const notFound = (name: string) => new AppError(404, "not_found", `No recording named ${name}`);

/**
 * Recordings kept in the person's workspace under /home/user/audio, through the workspace
 * service (its path guard and quotas): saved, listed with their length, read, deleted.
 */
export class RecordingService {
  private readonly durations = new Map<string, number | null>();

  constructor(private readonly workspaces: WorkspaceService) {}

  /** The audio files of the folder, newest first; an absent folder is an empty list. */
  async list(owner: Owner): Promise<Recording[]> {
    const listing = await this.workspaces.list(owner, AUDIO_DIR, false).catch((err: unknown) => {
      if (err instanceof AppError && err.status === 404) return { entries: [] };
      throw err;
    });
    const recordings: Recording[] = [];
    for (const entry of listing.entries) {
      const name = entry.path.slice(AUDIO_DIR.length + 1);
      const extension = audioExtensionOf(name);
      if (entry.type !== "file" || !extension) continue;
      const durationMs = await this.durationOf(owner, name, extension, `${entry.size}:${entry.modified}`);
      recordings.push({
        name,
        path: entry.path,
        type: audioFormats[extension],
        size: entry.size,
        durationMs,
        modified: entry.modified,
      });
    }
    return recordings.sort((a, b) => b.modified.localeCompare(a.modified) || b.name.localeCompare(a.name));
  }

  /** Keeps a new recording (its media type and bytes checked), named after the time. */
  async save(owner: Owner, type: string, data: Buffer, now = new Date()): Promise<Recording> {
    const extension = checkedRecording(type, data);
    for (let attempt = 1; ; attempt++) {
      const name = recordingName(now, attempt, extension);
      let entry: FileEntry;
      try {
        entry = await this.workspaces.writeBytes(owner, `${AUDIO_DIR}/${name}`, data, false);
      } catch (err) {
        if (err instanceof AppError && err.status === 409 && attempt < 100) continue;
        throw err;
      }
      const durationMs = audioDurationMs(data, extension);
      this.remember(`${owner.id}/${name}/${entry.size}:${entry.modified}`, durationMs);
      const { path, size, modified } = entry;
      return { name, path, type: audioFormats[extension], size, durationMs, modified };
    }
  }

  /** A recording opened for reading, with its media type; the caller reads and closes `handle`. */
  async open(owner: Owner, name: string) {
    const extension = this.checked(name);
    const file = await this.workspaces.openDownload(owner, `${AUDIO_DIR}/${name}`).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound(name) : err;
    });
    return { ...file, type: audioFormats[extension], extension };
  }

  /** A recording's bytes and media type (at most RECORDING_MAX_BYTES). */
  async read(owner: Owner, name: string): Promise<{ data: Buffer; type: string; extension: AudioExtension }> {
    const file = await this.open(owner, name);
    try {
      if (file.stat.size > RECORDING_MAX_BYTES) throw recordingTooLarge();
      return { data: await file.handle.readFile(), type: file.type, extension: file.extension };
    } finally {
      await file.handle.close();
    }
  }

  async remove(owner: Owner, name: string): Promise<void> {
    this.checked(name);
    await this.workspaces.remove(owner, `${AUDIO_DIR}/${name}`).catch((err: unknown) => {
      throw err instanceof AppError && err.status === 404 ? notFound(name) : err;
    });
  }

  /** A recording's name from the URL: one plain file name with an audio extension. */
  private checked(name: string): AudioExtension {
    checkName(name);
    const extension = audioExtensionOf(name);
    if (!extension) throw new AppError(400, "invalid_path", `${name} is not an audio file`);
    return extension;
  }

  private async durationOf(owner: Owner, name: string, extension: AudioExtension, version: string) {
    const key = `${owner.id}/${name}/${version}`;
    if (this.durations.has(key)) return this.durations.get(key) ?? null;
    const durationMs = await this.read(owner, name).then(
      (file) => audioDurationMs(file.data, extension),
      () => null,
    );
    this.remember(key, durationMs);
    return durationMs;
  }

  private remember(key: string, durationMs: number | null): void {
    if (this.durations.size >= MAX_CACHED)
      this.durations.delete(this.durations.keys().next().value as string);
    this.durations.set(key, durationMs);
  }
}
