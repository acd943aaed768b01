// A textbook BM25 (k1 0.9, b 0.4; idf ln(1 + (N - df + 0.5) / (df + 0.5)), as Lucene), the
// reference bench:retrieval compares the product's keyword search with, and its analyser, like
// Lucene's English one: lowercase words, Lucene's 33 stop words, Porter's (1980) stemmer.
const STOP = new Set(
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(
    " ",
  ),
);

const vowelAt = (w, i) => /[aeiou]/.test(w[i]) || (w[i] === "y" && i > 0 && !vowelAt(w, i - 1));
/** Porter's m: the number of vowel-consonant sequences of a stem. */
function measure(stem) {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const v = vowelAt(stem, i);
    if (!v && prevVowel) m++;
    prevVowel = v;
  }
  return m;
}
const hasVowel = (stem) => [...stem].some((_, i) => vowelAt(stem, i));
const doubleConsonant = (w) => w.length > 1 && w.at(-1) === w.at(-2) && !vowelAt(w, w.length - 1);
const cvc = (w) => {
  const n = w.length;
  return n >= 3 && !vowelAt(w, n - 3) && vowelAt(w, n - 2) && !vowelAt(w, n - 1) && !/[wxy]/.test(w[n - 1]);
};
function replaceSuffix(w, rules, minMeasure) {
  for (const [suffix, replacement] of rules)
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      return measure(stem) > minMeasure ? stem + replacement : w;
    }
  return w;
}
const STEP2 = Object.entries({
  ational: "ate",
  tional: "tion",
  enci: "ence",
  anci: "ance",
  izer: "ize",
  bli: "ble",
  alli: "al",
  entli: "ent",
  eli: "e",
  ousli: "ous",
  ization: "ize",
  ation: "ate",
  ator: "ate",
  alism: "al",
  iveness: "ive",
  fulness: "ful",
  ousness: "ous",
  aliti: "al",
  iviti: "ive",
  biliti: "ble",
  logi: "log",
}).sort((a, b) => b[0].length - a[0].length);
const STEP3 = Object.entries({
  icate: "ic",
  ative: "",
  alize: "al",
  iciti: "ic",
  ical: "ic",
  ful: "",
  ness: "",
});
const STEP4 = "al ance ence er ic able ible ant ement ment ent ion ou ism ate iti ous ive ize"
  .split(" ")
  .sort((a, b) => b.length - a.length);

export function porter(word) {
  let w = word;
  if (w.length <= 2) return w;
  // 1a
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (!w.endsWith("ss") && w.endsWith("s")) w = w.slice(0, -1);
  // 1b
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith("ed") ? "ed" : w.endsWith("ing") ? "ing" : null;
    if (suffix && hasVowel(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      if (/(at|bl|iz)$/.test(w)) w += "e";
      else if (doubleConsonant(w) && !/[lsz]$/.test(w)) w = w.slice(0, -1);
      else if (measure(w) === 1 && cvc(w)) w += "e";
    }
  }
  // 1c
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = `${w.slice(0, -1)}i`;
  w = replaceSuffix(w, STEP2.filter(([s]) => w.endsWith(s)).slice(0, 1), 0);
  w = replaceSuffix(w, STEP3.filter(([s]) => w.endsWith(s)).slice(0, 1), 0);
  // 4
  const s4 = STEP4.find((s) => w.endsWith(s));
  if (s4) {
    const stem = w.slice(0, -s4.length);
    if (measure(stem) > 1 && (s4 !== "ion" || /[st]$/.test(stem))) w = stem;
  }
  // 5
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !cvc(stem))) w = stem;
  }
  if (measure(w) > 1 && doubleConsonant(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}

export function analyse(text) {
  const out = [];
  for (const m of text.toLowerCase().matchAll(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu)) {
    const word = m[0].replace(/'s?$/, "");
    if (!STOP.has(word)) out.push(porter(word));
  }
  return out;
}

/** An in-memory BM25 index of `docs` ({ id, text }): search(query) answers ids best first. */
export function bm25Index(docs, { k1 = 0.9, b = 0.4 } = {}) {
  const postings = new Map();
  const lengths = new Map();
  let total = 0;
  for (const d of docs) {
    const terms = analyse(d.text);
    lengths.set(d.id, terms.length);
    total += terms.length;
    const tf = new Map();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      if (!postings.has(t)) postings.set(t, []);
      postings.get(t).push([d.id, n]);
    }
  }
  const avgdl = total / docs.length;
  return {
    search(query, limit = 100) {
      const scores = new Map();
      for (const t of analyse(query)) {
        const list = postings.get(t) ?? [];
        const idf = Math.log(1 + (docs.length - list.length + 0.5) / (list.length + 0.5));
        for (const [id, n] of list) {
          const norm = n + k1 * (1 - b + (b * lengths.get(id)) / avgdl);
          scores.set(id, (scores.get(id) ?? 0) + (idf * n * (k1 + 1)) / norm);
        }
      }
      return [...scores.entries()]
        .sort((x, y) => y[1] - x[1])
        .slice(0, limit)
        .map(([id]) => id);
    },
  };
}
