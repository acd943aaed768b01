/** The chunks of a RIFF/WAVE file after its 12-byte header: id, where the body starts, its size. */
function* chunks(wav: Buffer): Generator<{ id: string; body: number; size: number }> {
  if (wav.length < 12 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("Not a WAV file");
  let at = 12;
  while (at + 8 <= wav.length) {
    const size = wav.readUInt32LE(at + 4);
    yield { id: wav.toString("ascii", at, at + 4), body: at + 8, size };
    at += 8 + size + (size % 2);
  }
}

/**
 * Sets the RIFF and `data` chunk sizes to the real ones, in place (espeak-ng writing to a pipe
 * cannot seek back and leaves placeholders, 0x7ffff000...); throws unless it is a WAV file.
 */
export function sealWav(wav: Buffer): Buffer {
  for (const chunk of chunks(wav)) {
    if (chunk.id !== "data") continue;
    wav.writeUInt32LE(wav.length - 8, 4);
    wav.writeUInt32LE(wav.length - chunk.body, chunk.body - 4);
    return wav;
  }
  throw new Error("The WAV file has no data chunk");
}

/** The format of a PCM WAV file and its duration, as a player reads them. */
export function wavInfo(wav: Buffer): {
  sampleRate: number;
  channels: number;
  bits: number;
  seconds: number;
} {
  let format: { sampleRate: number; channels: number; bits: number } | null = null;
  for (const chunk of chunks(wav)) {
    if (chunk.id === "fmt ")
      format = {
        channels: wav.readUInt16LE(chunk.body + 2),
        sampleRate: wav.readUInt32LE(chunk.body + 4),
        bits: wav.readUInt16LE(chunk.body + 14),
      };
    else if (chunk.id === "data" && format) {
      const bytesPerSecond = format.sampleRate * format.channels * (format.bits / 8);
      return { ...format, seconds: chunk.size / bytesPerSecond };
    }
  }
  throw new Error("The WAV file has no format or data chunk");
}
