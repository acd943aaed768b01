import { z } from "zod";
import { symbolNameSchema } from "./symbols";

/** The communication board's own limits. */
export const AAC_PHRASE_MAX = 100;
export const AAC_CATEGORY_NAME_MAX = 40;
export const AAC_CUSTOM_PHRASES_MAX = 200;
export const AAC_CUSTOM_CATEGORIES_MAX = 20;

const idSchema = z.string().min(1).max(64);

/** A phrase the person added: to a built-in category (greetings, ...) or to one of their own. */
export const aacCustomPhraseSchema = z
  .object({
    id: idSchema,
    categoryId: idSchema,
    text: z.string().trim().min(1, "Write the phrase").max(AAC_PHRASE_MAX, "At most 100 characters"),
    symbol: symbolNameSchema,
  })
  .strict();
export type AacCustomPhrase = z.infer<typeof aacCustomPhraseSchema>;

/** A category the person added. */
export const aacCustomCategorySchema = z
  .object({
    id: idSchema,
    name: z.string().trim().min(1, "Name the category").max(AAC_CATEGORY_NAME_MAX, "At most 40 characters"),
    symbol: symbolNameSchema,
  })
  .strict();
export type AacCustomCategory = z.infer<typeof aacCustomCategorySchema>;

/** The `neuro-aac` document (one per account): the person's own categories and phrases. */
export const neuroAacContentSchema = z
  .object({
    categories: z.array(aacCustomCategorySchema).max(AAC_CUSTOM_CATEGORIES_MAX),
    phrases: z.array(aacCustomPhraseSchema).max(AAC_CUSTOM_PHRASES_MAX),
  })
  .strict();
export type NeuroAacContent = z.infer<typeof neuroAacContentSchema>;
