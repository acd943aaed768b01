import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { DatabaseKind } from "../db/client";

const run = promisify(execFile);
const MB = 1024 * 1024;

/** Whether `dir` holds workspace images already. */
async function hasImages(dir: string): Promise<boolean> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.some((name) => name.endsWith(".ext4"));
}

/**
 * The size of an image whose ext4 holds `quotaBytes` for files: ext4 (no journal) keeps ~5.5% for
 * its own tables; 2 MB more covers the smallest images. What is left over is reserved (see setRoom).
 */
export function imageBytesFor(quotaBytes: number): number {
  return Math.ceil((quotaBytes / 0.945 + 2 * MB) / MB) * MB;
}

/** The free blocks and block size of an (unmounted) image, from its superblock. */
async function superblock(image: string): Promise<{ free: number; blockSize: number; reserved: number }> {
  const { stdout } = await run("tune2fs", ["-l", image]);
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(stdout)?.[1] ?? Number.NaN);
  return {
    free: field("Free blocks"),
    blockSize: field("Block size"),
    reserved: field("Reserved block count"),
  };
}

/**
 * Makes exactly `room` bytes available to the workspace: the rest of the free blocks is reserved
 * for a user no sandbox runs as (65534), so code (unprivileged, in its own user namespace) cannot
 * use it.
 */
async function setRoom(image: string, room: number): Promise<void> {
  const { free, blockSize } = await superblock(image);
  const reserved = Math.max(0, free - Math.ceil(Math.max(0, room) / blockSize));
  await run("tune2fs", ["-r", String(reserved), "-u", "65534", "-g", "65534", image]);
}

/** The mount points of this mount namespace (from /proc/self/mountinfo, escapes decoded). */
async function mountPoints(): Promise<Set<string>> {
  const text = await fs.readFile("/proc/self/mountinfo", "utf8");
  const decode = (s: string) =>
    s.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
  return new Set(text.split("\n").map((line) => decode(line.split(" ")[4] ?? "")));
}

/**
 * Each user's workspace as its own ext4 file system, in an image sized to their quota and
 * mounted (loop) on the workspace folder. Every way of writing (the files API, sandboxed runs,
 * the terminal) then meets the same limit, exactly: a write past it fails with ENOSPC, and no
 * user can fill the host's disk. The sandbox sees a file system of its own (its mount's root is
 * `/`), not the host's data path. Needs root and loop devices; `available()` says whether.
 */
export class WorkspaceVolumes {
  private readonly mounted = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(private readonly imagesDir: string) {}

  /**
   * Whether this machine can mount loop images: root, /dev/loop-control, mkfs.ext4, and a trial
   * image really mounts (a container may have the tools but not the right to mount).
   */
  static async available(): Promise<boolean> {
    if (process.getuid?.() !== 0 || !existsSync("/dev/loop-control")) return false;
    const trial = await fs.mkdtemp(path.join(os.tmpdir(), "neuroos-volume-trial-"));
    const image = path.join(trial, "trial.ext4");
    const point = path.join(trial, "mnt");
    try {
      await fs.writeFile(image, "");
      await fs.truncate(image, 2 * MB);
      await run("mkfs.ext4", ["-q", "-F", "-O", "^has_journal", image]);
      await fs.mkdir(point);
      await run("mount", ["-o", "loop,nosuid,nodev", image, point]);
      await run("umount", [point]);
      return true;
    } catch {
      return false;
    } finally {
      await fs.rm(trial, { recursive: true, force: true }).catch(() => {});
    }
  }

  /**
   * The volumes `WORKSPACE_VOLUMES` asks for. `auto`: when this node is alone on its data (the
   * embedded PGlite) and the machine can mount them. Nodes on PostgreSQL may share DATA_DIR with
   * others, and an ext4 image mounted by two machines at once is corrupted: their workspaces are
   * plain folders. An installation whose workspaces are volumes already (one node on
   * PostgreSQL, before several nodes were possible) keeps them: its files are in the images.
   */
  static async forNode(
    setting: "auto" | "off",
    database: DatabaseKind,
    imagesDir: string,
  ): Promise<WorkspaceVolumes | null> {
    if (setting !== "auto") return null;
    if (database !== "pglite" && !(await hasImages(imagesDir))) return null;
    return (await WorkspaceVolumes.available()) ? new WorkspaceVolumes(imagesDir) : null;
  }

  /** Makes `dir` the user's volume of at least `quotaBytes` (created, grown, or mounted again). */
  ensure(dir: string, quotaBytes: number): Promise<void> {
    const key = `${dir}\0${quotaBytes}`;
    let done = this.pending.get(key);
    if (!done) {
      done = this.prepare(dir, quotaBytes).finally(() => this.pending.delete(key));
      this.pending.set(key, done);
    }
    return done;
  }

  /** Bytes still free on the volume at `dir` (null when it is not a volume). */
  async free(dir: string): Promise<number | null> {
    if (!this.mounted.has(dir)) return null;
    const stats = await fs.statfs(dir);
    return stats.bavail * stats.bsize;
  }

  /** Unmounts every volume this server mounted (at shutdown; a killed server's stay and are reused). */
  async closeAll(): Promise<void> {
    for (const dir of this.mounted) await run("umount", ["-l", dir]).catch(() => {});
    this.mounted.clear();
  }

  private async prepare(dir: string, quotaBytes: number): Promise<void> {
    await fs.mkdir(this.imagesDir, { recursive: true, mode: 0o700 });
    const image = path.join(this.imagesDir, `${path.basename(dir)}.ext4`);
    const size = imageBytesFor(quotaBytes);
    const fresh = !existsSync(image);
    if (fresh) {
      await fs.writeFile(image, "", { mode: 0o600 });
      await fs.truncate(image, size);
      await run("mkfs.ext4", ["-q", "-F", "-m", "0", "-O", "^has_journal", "-E", "root_owner=0:0", image]);
      await setRoom(image, quotaBytes);
      await this.writeQuota(image, quotaBytes);
    }
    const points = await mountPoints();
    if (!fresh && (await this.readQuota(image)) < quotaBytes) {
      if (points.has(dir)) {
        // Grown offline (online resizing is not always allowed): only while nothing uses it.
        const unmounted = await run("umount", [dir]).then(
          () => true,
          () => false,
        );
        if (!unmounted) return void this.mounted.add(dir); // in use: grown at the next mount
        points.delete(dir);
      }
      await this.grow(image, size, quotaBytes);
    }
    if (!points.has(dir)) {
      const previous = existsSync(dir) && (await fs.readdir(dir)).length > 0;
      if (previous) await this.moveIn(dir, image);
      await fs.mkdir(dir, { recursive: true, mode: 0o755 });
      await run("mount", ["-o", "loop,nosuid,nodev", image, dir]);
      if (fresh) await fs.rm(path.join(dir, "lost+found"), { recursive: true, force: true });
    }
    this.mounted.add(dir);
  }

  /** Grows an unmounted volume to a bigger quota; what is stored keeps counting against it. */
  private async grow(image: string, size: number, quotaBytes: number): Promise<void> {
    const before = await superblock(image);
    const usedRoomLeft = (before.free - before.reserved) * before.blockSize; // room the old quota left
    const oldQuota = await this.readQuota(image);
    if ((await fs.stat(image)).size < size) {
      await fs.truncate(image, size);
      await run("e2fsck", ["-f", "-p", image]).catch(() => {});
      await run("resize2fs", [image]);
    }
    await setRoom(image, quotaBytes - oldQuota + usedRoomLeft);
    await this.writeQuota(image, quotaBytes);
  }

  private async readQuota(image: string): Promise<number> {
    return Number(await fs.readFile(`${image}.quota`, "utf8").catch(() => "0")) || 0;
  }

  private writeQuota(image: string, quotaBytes: number): Promise<void> {
    return fs.writeFile(`${image}.quota`, String(quotaBytes));
  }

  /** A workspace that was a plain folder (before volumes) is copied into its new volume. */
  private async moveIn(dir: string, image: string): Promise<void> {
    const staging = `${dir}.volume`;
    await fs.mkdir(staging, { recursive: true });
    await run("mount", ["-o", "loop", image, staging]);
    try {
      await fs.rm(path.join(staging, "lost+found"), { recursive: true, force: true });
      await fs.cp(dir, staging, { recursive: true, preserveTimestamps: true, verbatimSymlinks: true });
    } finally {
      await run("umount", [staging]);
      await fs.rmdir(staging);
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Unmounts every volume under `dir` (a data directory about to be removed after its server was killed). */
export async function releaseVolumesUnder(dir: string): Promise<void> {
  const real = await fs.realpath(dir).catch(() => dir);
  for (const point of await mountPoints())
    if (point.startsWith(`${real}/`)) await run("umount", ["-l", point]).catch(() => {});
}
