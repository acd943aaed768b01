import type { AudioExtension } from "@neuroos/contracts";
import { wavInfo } from "../speech/wav";
import { webmDurationMs } from "./webm-duration";

const OGG_PAGE = Buffer.from("OggS");

/** The granule position (samples so far) of the last Ogg page, or null. */
function lastGranule(data: Buffer): bigint | null {
  for (let at = data.lastIndexOf(OGG_PAGE); at >= 0; at = data.lastIndexOf(OGG_PAGE, at - 1)) {
    if (at + 14 <= data.length && data[at + 4] === 0) return data.readBigInt64LE(at + 6);
    if (at === 0) break;
  }
  return null;
}

/**
 * The length of an Ogg Opus or Vorbis file, in ms: the last page's granule position over the
 * stream's sample rate (48 kHz for Opus, less its pre-skip).
 */
export function oggDurationMs(data: Buffer): number | null {
  const granule = lastGranule(data);
  if (granule === null || granule < 0n) return null;
  const opus = data.indexOf("OpusHead");
  if (opus >= 0 && opus + 12 <= data.length) {
    const samples = Number(granule) - data.readUInt16LE(opus + 10);
    return Math.max(0, Math.round(samples / 48));
  }
  const vorbis = data.indexOf("\x01vorbis", 0, "latin1");
  if (vorbis >= 0 && vorbis + 16 <= data.length) {
    const rate = data.readUInt32LE(vorbis + 12);
    return rate > 0 ? Math.round((Number(granule) * 1000) / rate) : null;
  }
  return null;
}

/** A recording's length read from its bytes, in ms; null for formats (or files) that do not say. */
export function audioDurationMs(data: Buffer, format: AudioExtension): number | null {
  try {
    if (format === "webm") return webmDurationMs(data);
    if (format === "ogg" || format === "opus") return oggDurationMs(data);
    if (format === "wav") return Math.round(wavInfo(data).seconds * 1000);
  } catch {
    // A damaged file: its length is unknown.
  }
  return null;
}

const startsWith = (data: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);

/** Whether the bytes are a file of that format (its signature), so a renamed file is refused. */
export function looksLike(data: Buffer, format: AudioExtension): boolean {
  switch (format) {
    case "webm":
      return startsWith(data, [0x1a, 0x45, 0xdf, 0xa3]);
    case "ogg":
    case "opus":
      return data.subarray(0, 4).equals(OGG_PAGE);
    case "wav":
      return data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WAVE";
    case "mp3":
      return (
        data.toString("latin1", 0, 3) === "ID3" || (data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0)
      );
    case "m4a":
      return data.toString("latin1", 4, 8) === "ftyp";
  }
}
