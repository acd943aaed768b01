import { readFileSync } from "node:fs";

/**
 * A real browser recording: 2 s of Chromium's fake microphone (its beep every half second),
 * recorded by MediaRecorder with its defaults (audio/webm;codecs=opus, 60 ms Opus frames,
 * clusters of unknown size, no Duration element). Chromium decodes it to 1.98 s.
 */
export const browserRecording = (): Buffer =>
  readFileSync(new URL("./fake-microphone.webm", import.meta.url));

/** One Ogg page (CRC left zero: readers of lengths do not check it). */
function oggPage(granule: bigint, payload: Buffer, flags: number): Buffer {
  const header = Buffer.alloc(27);
  header.write("OggS", 0, "latin1");
  header[5] = flags;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(1, 14);
  header[26] = 1;
  return Buffer.concat([header, Buffer.from([payload.length]), payload]);
}

/** An Ogg Opus file's pages as an encoder lays them out: OpusHead (pre-skip), tags, audio up to `samples` at 48 kHz. */
export function oggOpus(samples: number, preSkip = 312): Buffer {
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  return Buffer.concat([
    oggPage(0n, head, 2),
    oggPage(0n, Buffer.from("OpusTags"), 0),
    oggPage(BigInt(Math.floor(samples / 2)), Buffer.alloc(200, 7), 0),
    oggPage(BigInt(samples), Buffer.alloc(200, 9), 4),
  ]);
}

/** A PCM WAV file (mono, 16-bit) of `seconds` of silence. */
export function wav(seconds: number, sampleRate = 16_000): Buffer {
  const data = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + data, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}
