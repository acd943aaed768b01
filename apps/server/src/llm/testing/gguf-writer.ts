import { randomFillSync } from "node:crypto";
import fs from "node:fs";
import { seededRandom } from "../../test/seeded-random";

/**
 * Writes a GGUF v3 file of a llama-architecture model with random weights: a real file
 * llama.cpp loads and runs, for tests (a few hundred KB) and the benchmark (shaped like the
 * model `model:pull` fetches). Its output is noise; its speed is the real speed.
 */
export interface LlamaShape {
  vocab: number;
  embd: number;
  layers: number;
  heads: number;
  headsKv: number;
  ff: number;
  context: number;
}

/** Tests: about 460 KB in f32. */
export const TINY_SHAPE: LlamaShape = {
  vocab: 320,
  embd: 64,
  layers: 2,
  heads: 4,
  headsKv: 2,
  ff: 128,
  context: 512,
};
/** SmolLM2-360M-Instruct's dimensions (the default `model:pull` model). */
export const SMOLLM2_360M_SHAPE: LlamaShape = {
  vocab: 49152,
  embd: 960,
  layers: 32,
  heads: 15,
  headsKv: 5,
  ff: 2560,
  context: 8192,
};

const CHATML =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const T = { U32: 4, I32: 5, F32: 6, BOOL: 7, STRING: 8, ARRAY: 9 } as const;
type TensorType = "f32" | "q8_0";
const GGML = { f32: 0, q8_0: 8 } as const;
const ALIGN = 32;

class Bytes {
  private parts: Buffer[] = [];
  size = 0;
  push(b: Buffer): void {
    this.parts.push(b);
    this.size += b.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  concat(): Buffer {
    return Buffer.concat(this.parts);
  }
}

type Meta =
  | [string, "u32" | "f32" | "bool" | "string", number | string | boolean]
  | [string, "strings" | "f32s" | "i32s", unknown[]];

function writeMeta(out: Bytes, [key, kind, value]: Meta): void {
  out.str(key);
  if (kind === "u32") {
    out.u32(T.U32);
    out.u32(value as number);
    return;
  }
  if (kind === "f32") {
    out.u32(T.F32);
    out.f32(value as number);
    return;
  }
  if (kind === "bool") {
    out.u32(T.BOOL);
    out.push(Buffer.from([value ? 1 : 0]));
    return;
  }
  if (kind === "string") {
    out.u32(T.STRING);
    out.str(value as string);
    return;
  }
  const list = value as unknown[];
  out.u32(T.ARRAY);
  out.u32(kind === "strings" ? T.STRING : kind === "f32s" ? T.F32 : T.I32);
  out.u64(list.length);
  for (const item of list) {
    if (kind === "strings") out.str(item as string);
    else if (kind === "f32s") out.f32(item as number);
    else out.i32(item as number);
  }
}

/** A SentencePiece-style vocabulary: specials, 256 byte tokens, then word pieces. */
function vocabulary(size: number) {
  const tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"];
  const types = [2, 3, 3, 3, 3];
  for (let i = 0; i < 256; i++) {
    tokens.push(`<0x${i.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(6);
  }
  const words =
    "the a and to of in is it you that he was for on are with as I his they be at one have this from hello world model local test".split(
      " ",
    );
  const pieces = ["▁", ..."abcdefghijklmnopqrstuvwxyz".split(""), ...words.map((w) => `▁${w}`)];
  for (let i = 0; tokens.length < size; i++) {
    tokens.push(pieces[i] ?? `▁tok${i}`);
    types.push(1);
  }
  const scores = tokens.map((_, i) => (types[i] === 1 ? -i : 0));
  return { tokens: tokens.slice(0, size), types: types.slice(0, size), scores: scores.slice(0, size) };
}

function f16(value: number): number {
  const f = new Float32Array([value]);
  const x = new Uint32Array(f.buffer)[0] ?? 0;
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7c00;
  return sign | (exp << 10) | ((x >>> 13) & 0x3ff);
}

interface TensorSpec {
  name: string;
  dims: number[];
  type: TensorType;
  /** 'norm': all ones; 'zero-rows': random except rows listed in zeroRows; else random. */
  fill: "norm" | "random";
  zeroRows?: number[];
}

const byteSize = (t: TensorSpec) => {
  const n = t.dims.reduce((a, b) => a * b, 1);
  return t.type === "f32" ? n * 4 : (n / 32) * 34;
};

function tensorData(t: TensorSpec, rand: () => number, scale: number): Buffer {
  const n = t.dims.reduce((a, b) => a * b, 1);
  const row = t.dims[0] ?? 1;
  if (t.type === "f32") {
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = t.fill === "norm" ? 1 : (rand() * 2 - 1) * scale;
    for (const r of t.zeroRows ?? []) data.fill(0, r * row, (r + 1) * row);
    return Buffer.from(data.buffer);
  }
  const blocks = n / 32;
  const buf = Buffer.alloc(blocks * 34);
  randomFillSync(buf);
  const d = f16(scale / 127);
  for (let b = 0; b < blocks; b++) buf.writeUInt16LE(d, b * 34);
  for (const r of t.zeroRows ?? []) buf.fill(0, ((r * row) / 32) * 34, (((r + 1) * row) / 32) * 34);
  return buf;
}

export async function writeRandomLlamaGguf(
  file: string,
  shape: LlamaShape,
  options: { type?: TensorType; seed?: number; name?: string } = {},
): Promise<void> {
  const type = options.type ?? "f32";
  const { vocab, embd, layers, heads, headsKv, ff, context } = shape;
  const kv = (embd / heads) * headsKv;
  const specials = [0, 1, 2, 3, 4];
  const tensors: TensorSpec[] = [
    { name: "token_embd.weight", dims: [embd, vocab], type, fill: "random" },
    { name: "output_norm.weight", dims: [embd], type: "f32", fill: "norm" },
    { name: "output.weight", dims: [embd, vocab], type, fill: "random", zeroRows: specials },
  ];
  for (let i = 0; i < layers; i++) {
    const w = (name: string, dims: number[]): TensorSpec => ({
      name: `blk.${i}.${name}.weight`,
      dims,
      type,
      fill: "random",
    });
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [embd], type: "f32", fill: "norm" },
      w("attn_q", [embd, embd]),
      w("attn_k", [embd, kv]),
      w("attn_v", [embd, kv]),
      w("attn_output", [embd, embd]),
      { name: `blk.${i}.ffn_norm.weight`, dims: [embd], type: "f32", fill: "norm" },
      w("ffn_gate", [embd, ff]),
      w("ffn_up", [embd, ff]),
      w("ffn_down", [ff, embd]),
    );
  }
  const v = vocabulary(vocab);
  const meta: Meta[] = [
    ["general.architecture", "string", "llama"],
    ["general.name", "string", options.name ?? "random-llama"],
    ["general.alignment", "u32", ALIGN],
    ["general.file_type", "u32", type === "f32" ? 0 : 7],
    ["llama.context_length", "u32", context],
    ["llama.embedding_length", "u32", embd],
    ["llama.block_count", "u32", layers],
    ["llama.feed_forward_length", "u32", ff],
    ["llama.attention.head_count", "u32", heads],
    ["llama.attention.head_count_kv", "u32", headsKv],
    ["llama.rope.dimension_count", "u32", embd / heads],
    ["llama.rope.freq_base", "f32", 10000],
    ["llama.attention.layer_norm_rms_epsilon", "f32", 1e-5],
    ["llama.vocab_size", "u32", vocab],
    ["tokenizer.ggml.model", "string", "llama"],
    ["tokenizer.ggml.tokens", "strings", v.tokens],
    ["tokenizer.ggml.scores", "f32s", v.scores],
    ["tokenizer.ggml.token_type", "i32s", v.types],
    ["tokenizer.ggml.bos_token_id", "u32", 1],
    ["tokenizer.ggml.eos_token_id", "u32", 4],
    ["tokenizer.ggml.unknown_token_id", "u32", 0],
    ["tokenizer.ggml.add_bos_token", "bool", false],
    ["tokenizer.chat_template", "string", CHATML],
  ];
  const head = new Bytes();
  head.push(Buffer.from("GGUF", "ascii"));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(meta.length);
  for (const m of meta) writeMeta(head, m);
  let offset = 0;
  for (const t of tensors) {
    head.str(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(GGML[t.type]);
    head.u64(offset);
    offset += Math.ceil(byteSize(t) / ALIGN) * ALIGN;
  }
  const pad = (n: number) => Buffer.alloc((ALIGN - (n % ALIGN)) % ALIGN);
  const fd = fs.openSync(file, "w");
  try {
    const header = head.concat();
    fs.writeSync(fd, header);
    fs.writeSync(fd, pad(header.length));
    const rand = seededRandom(options.seed ?? 42);
    for (const t of tensors) {
      const data = tensorData(t, rand, type === "f32" ? 0.15 : 0.05);
      fs.writeSync(fd, data);
      fs.writeSync(fd, pad(data.length));
    }
  } finally {
    fs.closeSync(fd);
  }
}
