import {
  AAC_CUSTOM_CATEGORIES_MAX,
  AAC_CUSTOM_PHRASES_MAX,
  type AacCustomCategory,
  type AacCustomPhrase,
  aacCustomCategorySchema,
  aacCustomPhraseSchema,
  type NeuroAacContent,
} from "@neuroos/contracts";

/** Spec: speech synthesis at rate 0.9, pitch 1. */
export const SPEECH_RATE = 0.9;
export const SPEECH_PITCH = 1;

export interface Phrase {
  id: string;
  text: string;
  /** The symbol's name in Fluent Emoji Flat. */
  symbol: string;
  custom: boolean;
}

export interface Category {
  id: string;
  name: string;
  symbol: string;
  custom: boolean;
  phrases: Phrase[];
}

const builtIn = (id: string, name: string, symbol: string, phrases: [string, string][]): Category => ({
  id,
  name,
  symbol,
  custom: false,
  phrases: phrases.map(([text, phraseSymbol], i) => ({
    id: `${id}-${i + 1}`,
    text,
    symbol: phraseSymbol,
    custom: false,
  })),
});

/** Spec: categories greetings, needs, emotions, responses, four phrases each. */
export const BUILT_IN_CATEGORIES: readonly Category[] = [
  builtIn("greetings", "Greetings", "waving-hand", [
    ["Hello", "waving-hand"],
    ["Goodbye", "hand-with-fingers-splayed"],
    ["Thank you", "folded-hands"],
    ["Please", "pleading-face"],
  ]),
  builtIn("needs", "Needs", "person-raising-hand", [
    ["I need help", "person-raising-hand"],
    ["I'm hungry", "fork-and-knife-with-plate"],
    ["I'm thirsty", "cup-with-straw"],
    ["I need a break", "couch-and-lamp"],
  ]),
  builtIn("emotions", "Emotions", "smiling-face-with-smiling-eyes", [
    ["I'm happy", "smiling-face-with-smiling-eyes"],
    ["I'm sad", "crying-face"],
    ["I'm tired", "sleeping-face"],
    ["I'm frustrated", "face-with-steam-from-nose"],
  ]),
  builtIn("responses", "Responses", "speech-balloon", [
    ["Yes", "check-mark-button"],
    ["No", "cross-mark"],
    ["I don't know", "person-shrugging"],
    ["Wait please", "hourglass-not-done"],
  ]),
];

export const EMPTY_AAC_CONTENT: NeuroAacContent = { categories: [], phrases: [] };

/**
 * The stored content, read item by item: an old or hand-edited copy keeps what is valid and
 * drops the rest (a phrase whose category is gone, a duplicate id), never breaking the board.
 */
export function readAacContent(raw: unknown): NeuroAacContent {
  const record = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  const ids = new Set(BUILT_IN_CATEGORIES.map((c) => c.id));
  const categories: AacCustomCategory[] = [];
  for (const item of list(record.categories)) {
    const parsed = aacCustomCategorySchema.safeParse(item);
    if (!parsed.success || ids.has(parsed.data.id) || categories.length >= AAC_CUSTOM_CATEGORIES_MAX)
      continue;
    ids.add(parsed.data.id);
    categories.push(parsed.data);
  }
  const phraseIds = new Set<string>();
  const phrases: AacCustomPhrase[] = [];
  for (const item of list(record.phrases)) {
    const parsed = aacCustomPhraseSchema.safeParse(item);
    if (!parsed.success || !ids.has(parsed.data.categoryId) || phraseIds.has(parsed.data.id)) continue;
    if (phrases.length >= AAC_CUSTOM_PHRASES_MAX) break;
    phraseIds.add(parsed.data.id);
    phrases.push(parsed.data);
  }
  return { categories, phrases };
}

/** The board: the built-in categories then the person's own, each with its phrases (built-in first). */
export function boardCategories(content: NeuroAacContent): Category[] {
  const own = (categoryId: string): Phrase[] =>
    content.phrases
      .filter((p) => p.categoryId === categoryId)
      .map((p) => ({ id: p.id, text: p.text, symbol: p.symbol, custom: true }));
  return [
    ...BUILT_IN_CATEGORIES.map((c) => ({ ...c, phrases: [...c.phrases, ...own(c.id)] })),
    ...content.categories.map((c) => ({ ...c, custom: true, phrases: own(c.id) })),
  ];
}

/** Every symbol the board shows (categories and phrases), each once. */
export function boardSymbols(categories: Category[]): string[] {
  return [...new Set(categories.flatMap((c) => [c.symbol, ...c.phrases.map((p) => p.symbol)]))];
}

/** A category removed with its phrases. */
export function withoutCategory(content: NeuroAacContent, categoryId: string): NeuroAacContent {
  return {
    categories: content.categories.filter((c) => c.id !== categoryId),
    phrases: content.phrases.filter((p) => p.categoryId !== categoryId),
  };
}

/** The sentence strip: the words chosen, in order (a word may come twice). */
export interface StripWord {
  key: string;
  text: string;
  symbol: string;
}

/** The sentence the strip's words make, spoken as one ("I need help, please"): a short pause between words. */
export function sentenceOf(words: readonly StripWord[]): string {
  return words.map((w) => w.text.trim()).join(", ");
}

/** Scanning: the highlight's next place among `count` targets, from the last back to the first. */
export function nextScanIndex(current: number | null, count: number): number | null {
  if (count <= 0) return null;
  if (current === null || current < 0 || current >= count - 1) return 0;
  return current + 1;
}
