import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Writes a tiny sentence-embedding model in the layout transformers.js reads (config.json,
 * tokenizer.json, tokenizer_config.json, onnx/model.onnx), so the transformers.js path runs
 * here without a download. The ONNX graph is one Gather: each token's vector from a table in
 * which the words of a topic point the same way; mean pooling then gives a sentence vector.
 */
export function writeTinyModel(dir: string, topics: string[][], dimensions = 8): void {
  const special = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"];
  const words = topics.flat();
  const vocab = Object.fromEntries([...special, ...words].map((w, i) => [w, i]));
  const table = new Float32Array((special.length + words.length) * dimensions);
  let row = special.length;
  topics.forEach((topic, t) => {
    for (const [k] of topic.entries()) {
      // The topic's direction, and a little of the word's own.
      table[row * dimensions + (t % dimensions)] = 1;
      table[row * dimensions + ((t + 1 + k) % dimensions)] = 0.2;
      row += 1;
    }
  });
  mkdirSync(path.join(dir, "onnx"), { recursive: true });
  writeFileSync(path.join(dir, "onnx", "model.onnx"), gatherModel(table, dimensions));
  writeFileSync(
    path.join(dir, "config.json"),
    JSON.stringify({ model_type: "bert", hidden_size: dimensions, architectures: ["BertModel"] }),
  );
  writeFileSync(
    path.join(dir, "tokenizer_config.json"),
    JSON.stringify({
      tokenizer_class: "BertTokenizer",
      do_lower_case: true,
      model_max_length: 512,
      pad_token: "[PAD]",
      unk_token: "[UNK]",
      cls_token: "[CLS]",
      sep_token: "[SEP]",
    }),
  );
  const token = (content: string) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const specialToken = (id: string) => ({ id, ids: [vocab[id]], tokens: [id] });
  writeFileSync(
    path.join(dir, "tokenizer.json"),
    JSON.stringify({
      version: "1.0",
      truncation: null,
      padding: null,
      added_tokens: special.map(token),
      normalizer: {
        type: "BertNormalizer",
        clean_text: true,
        handle_chinese_chars: true,
        strip_accents: null,
        lowercase: true,
      },
      pre_tokenizer: { type: "BertPreTokenizer" },
      post_processor: {
        type: "TemplateProcessing",
        single: [
          { SpecialToken: { id: "[CLS]", type_id: 0 } },
          { Sequence: { id: "A", type_id: 0 } },
          { SpecialToken: { id: "[SEP]", type_id: 0 } },
        ],
        pair: [
          { SpecialToken: { id: "[CLS]", type_id: 0 } },
          { Sequence: { id: "A", type_id: 0 } },
          { SpecialToken: { id: "[SEP]", type_id: 0 } },
          { Sequence: { id: "B", type_id: 1 } },
          { SpecialToken: { id: "[SEP]", type_id: 1 } },
        ],
        special_tokens: { "[CLS]": specialToken("[CLS]"), "[SEP]": specialToken("[SEP]") },
      },
      decoder: { type: "WordPiece", prefix: "##", cleanup: true },
      model: {
        type: "WordPiece",
        unk_token: "[UNK]",
        continuing_subword_prefix: "##",
        max_input_chars_per_word: 100,
        vocab,
      },
    }),
  );
}

// A minimal protobuf writer: varints and length-delimited fields are all ONNX needs here.
const varint = (n: number): number[] => {
  const out: number[] = [];
  let v = n;
  while (v > 127) {
    out.push((v & 127) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
};
const int = (field: number, n: number) => [...varint(field << 3), ...varint(n)];
const bytes = (field: number, data: Uint8Array | number[]) => [
  ...varint((field << 3) | 2),
  ...varint(data.length),
  ...data,
];
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s)]);

const INT64 = 7;
const FLOAT = 1;
/** ValueInfoProto: a named tensor of `elemType` with the given dims (numbers, or names for free ones). */
const valueInfo = (name: string, elemType: number, dims: (number | string)[]) => {
  const shape = dims.flatMap((d) => bytes(1, typeof d === "number" ? int(1, d) : str(2, d)));
  const tensorType = [...int(1, elemType), ...bytes(2, shape)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
};

/** ModelProto with one Gather: last_hidden_state[b, s, :] = table[input_ids[b, s], :]. */
function gatherModel(table: Float32Array, dimensions: number): Uint8Array {
  const rows = table.length / dimensions;
  const initializer = [
    ...int(1, rows),
    ...int(1, dimensions),
    ...int(2, FLOAT),
    ...str(8, "embeddings"),
    ...bytes(9, new Uint8Array(table.buffer)),
  ];
  const node = [
    ...str(1, "embeddings"),
    ...str(1, "input_ids"),
    ...str(2, "last_hidden_state"),
    ...str(4, "Gather"),
  ];
  const graph = [
    ...bytes(1, node),
    ...str(2, "tiny-embedder"),
    ...bytes(5, initializer),
    ...bytes(11, valueInfo("input_ids", INT64, ["batch", "sequence"])),
    ...bytes(11, valueInfo("attention_mask", INT64, ["batch", "sequence"])),
    ...bytes(12, valueInfo("last_hidden_state", FLOAT, ["batch", "sequence", dimensions])),
  ];
  const opset = [...str(1, ""), ...int(2, 13)];
  return Uint8Array.from([...int(1, 8), ...str(2, "neuroos-tests"), ...bytes(7, graph), ...bytes(8, opset)]);
}
