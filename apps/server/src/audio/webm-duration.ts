/** Matroska/WebM element ids (with their length marker, as written). */
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const SIMPLE_BLOCK = 0xa3;
/** Elements whose children are read; every other element is skipped by its size. */
const CONTAINERS = new Set([SEGMENT, INFO, CLUSTER, BLOCK_GROUP]);

/** A variable-length integer at `at`: its value (marker kept for ids), byte length, and whether it is all ones (unknown size). */
function vint(data: Buffer, at: number, keepMarker: boolean) {
  const first = data[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > data.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = data[at + i] as number;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readUint(data: Buffer, at: number, size: number): number {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (data[at + i] as number);
  return value;
}

/**
 * The length of a WebM recording, in ms. A browser's MediaRecorder writes no Duration (it
 * streams, with clusters of unknown size): the length is then the last block's time plus one
 * frame, read from the cluster and block timecodes. Null when the file holds no block.
 */
export function webmDurationMs(data: Buffer): number | null {
  let scale = 1_000_000;
  let declared: number | null = null;
  let clusterTime = 0;
  let last: number | null = null;
  let frame = 0;
  let at = 0;
  while (at < data.length) {
    const id = vint(data, at, true);
    const size = id && vint(data, at + id.length, false);
    if (!id || !size) break;
    const body = at + id.length + size.length;
    if (CONTAINERS.has(id.value)) {
      at = body;
      continue;
    }
    if (size.unknown || body + size.value > data.length) break;
    if (id.value === TIMECODE_SCALE) scale = readUint(data, body, size.value) || scale;
    else if (id.value === DURATION && (size.value === 4 || size.value === 8))
      declared = size.value === 4 ? data.readFloatBE(body) : data.readDoubleBE(body);
    else if (id.value === CLUSTER_TIMECODE) clusterTime = readUint(data, body, size.value);
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = vint(data, body, false);
      if (track && body + track.length + 2 <= data.length) {
        const time = clusterTime + data.readInt16BE(body + track.length);
        if (last !== null && time > last) frame = time - last;
        last = last === null ? time : Math.max(last, time);
      }
    }
    at = body + size.value;
  }
  const ticks = declared !== null && declared > 0 ? declared : last === null ? null : last + frame;
  return ticks === null ? null : Math.round((ticks * scale) / 1_000_000);
}
