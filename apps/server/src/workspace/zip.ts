import type { Stats } from "node:fs";
import fs from "node:fs/promises";
import type { Writable } from "node:stream";
import { type FileEntry, MAX_LIST_ENTRIES } from "@neuroos/contracts";
import { Zip, ZipDeflate, type ZipInputFile, ZipPassThrough } from "fflate";
import { AppError } from "../http/errors";
import { freeName } from "./free-name";
import { listEntries, openFile } from "./ops";
import { parseWorkspacePath, toWorkspacePath } from "./path-guard";
import { formatBytes } from "./quotas";
import { at, withResolved } from "./safe-fs";

/**
 * A zip of several files and folders of one workspace (GET /api/files/zip): everything is
 * resolved and counted before a byte is sent, then streamed file by file with backpressure.
 * Names start at each item's folder: /home/user/proj gives proj/…, and folders have entries of
 * their own ("proj/empty/") so empty ones survive.
 */

/** Files smaller than this are deflated; larger ones are stored, never compressed in one go. */
const DEFLATE_BELOW = 1024 * 1024;
/** fflate writes no ZIP64: a zip (headers included) stays under 4 GB. */
const MAX_ZIP_BYTES = 0xffff_ffff - 256 * 1024 * 1024;
const READ_CHUNK = 64 * 1024;
/** The name of /home/user in a zip (and of the zip of what it holds). */
const ROOT_NAME = "files";

interface Item {
  /** Its name in the zip, unique among the selection. */
  name: string;
  /** Its real segments below the root (links followed). */
  segments: string[];
  /** What it was asked by: its name and the name of the folder holding it. */
  asked: string[];
  stat: Stats | null;
  /** A folder's entries, each folder before what it holds. */
  entries: FileEntry[];
}

export interface ZipDownload {
  /** The zip's file name: the one item's name, else the name of the folder holding the first. */
  name: string;
  /** Writes the zip into `out`, then ends it; stops (rejecting) once `signal` aborts. */
  write(out: Writable, signal: AbortSignal): Promise<void>;
}

/** Resolves, counts and names the selection; refuses (404, 409, 413) before anything is sent. */
export async function planZip(root: string, inputs: string[]): Promise<ZipDownload> {
  const resolved: Item[] = [];
  for (const input of inputs) resolved.push(await resolveItem(root, input));
  // A path given twice, or inside another selected folder, is zipped once (with that folder).
  const covers = (a: string[], b: string[]) => a.length <= b.length && a.every((s, k) => b[k] === s);
  const items = resolved.filter(
    (item, i) =>
      !resolved.some(
        (other, j) =>
          j !== i &&
          covers(other.segments, item.segments) &&
          (other.segments.length < item.segments.length || j < i),
      ),
  );
  let count = 0;
  let bytes = 0;
  const tooMany = () =>
    new AppError(
      413,
      "payload_too_large",
      `The selection holds too many files to zip at once (over ${MAX_LIST_ENTRIES.toLocaleString("en-US")}); choose fewer or a smaller folder`,
    );
  const taken = new Set<string>();
  for (const item of items) {
    count += 1;
    if (count > MAX_LIST_ENTRIES) throw tooMany();
    const folder = item.stat === null || item.stat.isDirectory();
    item.name = await freeName(item.name, folder, String, (name) => !taken.has(name.toLowerCase()));
    taken.add(item.name.toLowerCase());
    if (!folder) bytes += item.stat?.size ?? 0;
    else {
      const listed = await listEntries(root, toWorkspacePath(item.segments), true, MAX_LIST_ENTRIES - count);
      if (listed.truncated) throw tooMany();
      item.entries = listed.entries;
      count += listed.entries.length;
      for (const entry of listed.entries) bytes += entry.type === "file" ? entry.size : 0;
    }
  }
  if (bytes > MAX_ZIP_BYTES)
    throw new AppError(
      413,
      "payload_too_large",
      `The selection is too large to zip at once (${formatBytes(bytes)}; at most ${formatBytes(MAX_ZIP_BYTES)}); choose fewer or a smaller folder`,
    );
  const first = items[0];
  if (!first) throw new AppError(400, "bad_request", "Choose at least one file or folder");
  const name = items.length === 1 ? first.name : (first.asked.at(-2) ?? ROOT_NAME);
  return { name: `${name}.zip`, write: (out, signal) => writeZip(root, items, out, signal) };
}

/** One selected path: refused by the path guard (400), unknown (404) or not a file or folder (409). */
async function resolveItem(root: string, input: string): Promise<Item> {
  const requested = parseWorkspacePath(input);
  const asked = [ROOT_NAME, ...requested].slice(-2);
  return withResolved(root, input, { followLast: true }, async (r) => {
    const stat = r.name === null ? null : await fs.lstat(at(r.dir.fd, r.name));
    if (stat && !stat.isFile() && !stat.isDirectory())
      throw new AppError(
        409,
        "conflict",
        stat.isSymbolicLink()
          ? `${r.virtual} changed during the operation; try again`
          : `Not a file: ${r.virtual}`,
      );
    return { name: asked.at(-1) as string, segments: r.segments, asked, stat, entries: [] };
  });
}

/** `name`, or "name (2)", "name (3)"… (before a file's extension): no two items share a name, whatever the case. */
/** A name in the zip: a backslash would be a separator to some unzippers. */
const zipName = (parts: string[]) => parts.join("/").replaceAll("\\", "_");

// DOS times (what a zip holds) run from 1980 to 2107; fflate takes 1980 to 2099 in local time.
const EARLIEST = new Date(1980, 0, 1, 0, 0, 2).getTime();
const LATEST = new Date(2099, 11, 31, 23, 59, 58).getTime();

/** Unix attributes (so unzip keeps a script executable) and a modification time fflate accepts. */
function describe(entry: ZipInputFile, modified: Date | string, mode: "folder" | "file" | "executable") {
  const time = new Date(modified).getTime();
  entry.mtime = Number.isFinite(time) ? Math.min(Math.max(time, EARLIEST), LATEST) : Date.now();
  entry.os = 3;
  const unix = { folder: 0o040755, file: 0o100644, executable: 0o100755 }[mode];
  entry.attrs = ((unix << 16) | (mode === "folder" ? 0x10 : 0)) >>> 0;
}

function addFolder(zip: Zip, name: string, modified: Date | string): void {
  const entry = new ZipPassThrough(`${name}/`);
  describe(entry, modified, "folder");
  zip.add(entry);
  entry.push(new Uint8Array(0), true);
}

/** Adds one file as it is now (its size when opened); skips one gone, no longer a file, or refused. */
async function addFile(root: string, zip: Zip, path: string, name: string, pace: () => Promise<void>) {
  const file = await openFile(root, path).catch((err) => {
    if (err instanceof AppError) return null;
    throw err;
  });
  if (!file) return;
  try {
    const { size, mode, mtime } = file.stat;
    const entry = size < DEFLATE_BELOW ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    describe(entry, mtime, mode & 0o111 ? "executable" : "file");
    zip.add(entry);
    if (size > 0) {
      const stream = file.handle.createReadStream({
        start: 0,
        end: size - 1,
        highWaterMark: READ_CHUNK,
        autoClose: false,
      });
      try {
        for await (const chunk of stream) {
          entry.push(chunk as Buffer);
          await pace();
        }
      } finally {
        stream.destroy();
      }
    }
    entry.push(new Uint8Array(0), true);
  } finally {
    await file.handle.close();
  }
}

/** Resolves when `out` may take more, rejects when it closed or the request went away. */
function drained(out: Writable, signal: AbortSignal): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error("The zip's output closed"));
  signal.throwIfAborted();
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (err?: unknown) => {
      out.off("drain", onDrain).off("close", onClose);
      signal.removeEventListener("abort", onAbort);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("The zip's output closed"));
    const onAbort = () => done(signal.reason);
    out.on("drain", onDrain).on("close", onClose);
    signal.addEventListener("abort", onAbort);
  });
}

async function writeZip(root: string, items: Item[], out: Writable, signal: AbortSignal): Promise<void> {
  let failed: Error | null = null;
  const zip = new Zip((err, chunk, final) => {
    if (err) failed ??= err;
    else if (!out.destroyed) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const pace = async () => {
    if (failed) throw failed;
    await drained(out, signal);
  };
  try {
    for (const item of items) {
      if (item.stat?.isFile()) await addFile(root, zip, toWorkspacePath(item.segments), item.name, pace);
      else {
        addFolder(zip, item.name, item.stat?.mtime ?? new Date());
        const prefix = `${toWorkspacePath(item.segments)}/`;
        for (const entry of item.entries) {
          const name = zipName([item.name, ...entry.path.slice(prefix.length).split("/")]);
          if (entry.type === "directory") addFolder(zip, name, entry.modified);
          // A link inside a folder is left out: followed, it would add what the plan did not count.
          else if (entry.type === "file") await addFile(root, zip, entry.path, name, pace);
          await pace();
        }
      }
      await pace();
    }
    zip.end();
    if (failed) throw failed;
  } catch (err) {
    zip.terminate();
    throw err;
  }
}
