import { z } from "zod";
import { createAgentSchema } from "./agents";
import { pinnableAppIds } from "./app-pins";
import { endpoint } from "./endpoint";
import { localModelCatalog } from "./llm";
import { createMcpServerSchema } from "./mcp";

/** Spec: the marketplace's category filter (all, ai-model, tool, template, service). */
export const marketplaceCategories = ["all", "ai-model", "tool", "template", "service"] as const;
export type MarketplaceFilter = (typeof marketplaceCategories)[number];
export type MarketplaceCategory = Exclude<MarketplaceFilter, "all">;

/** What an item installs; each kind has one installer on the server and one category. */
export const marketplaceKinds = [
  "agent-preset",
  "prompt-template",
  "mcp-server",
  "app-shortcut",
  "local-model",
  "embedding-model",
] as const;
export type MarketplaceKind = (typeof marketplaceKinds)[number];

export const categoryOfKind: Record<MarketplaceKind, MarketplaceCategory> = {
  "agent-preset": "service",
  "prompt-template": "template",
  "mcp-server": "tool",
  "app-shortcut": "tool",
  "local-model": "ai-model",
  "embedding-model": "ai-model",
};

/** The pinned apps' preference: ids of apps an app shortcut may pin. */
export const pinnedAppsSchema = z.array(z.enum(pinnableAppIds)).max(pinnableAppIds.length);

/** An item's id: a short slug (catalogue entries) or a UUID (published entries). */
export const marketplaceItemIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,47}$/, "An id is 2-48 lowercase letters, digits or dashes");
/** The prompt id an installed template gets in Prompt Canvas (removed again on uninstall). */
export const installedPromptId = (itemId: string) => `marketplace-${itemId}`;

const title = z.string().trim().min(1, "Give it a title").max(80, "At most 80 characters");
const shortDescription = z
  .string()
  .trim()
  .min(1, "Write a short description")
  .max(160, "At most 160 characters");
const description = z.string().trim().min(1, "Write a description").max(4000, "At most 4000 characters");
/** Spec: price with 2 decimals; 0 is free. */
const price = z
  .number()
  .min(0, "A price is 0 or more")
  .max(999.99, "At most 999.99")
  .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, "A price has at most 2 decimals");
/** Images ship with the web app (the page's content policy allows only its own origin). */
const imageUrl = z
  .string()
  .regex(
    /^\/images\/marketplace\/[a-z0-9-]+\.(svg|png|webp)$/,
    "An image is /images/marketplace/<name>.svg, .png or .webp",
  )
  .nullable();

const common = {
  id: marketplaceItemIdSchema,
  title,
  shortDescription,
  description,
  imageUrl: imageUrl.default(null),
  price: price.default(0),
};

export const promptTemplatePayloadSchema = z
  .object({ title: z.string().trim().min(1).max(200), content: z.string().trim().min(1).max(20_000) })
  .strict();
export const agentPresetPayloadSchema = createAgentSchema.omit({ isDefault: true });
const localModelNames = localModelCatalog.map((m) => m.name) as [string, ...string[]];

/** One entry of the catalogue that ships with the product (apps/server/marketplace/<id>.json). */
export const catalogueEntrySchema = z.discriminatedUnion("kind", [
  z.object({ ...common, kind: z.literal("agent-preset"), payload: agentPresetPayloadSchema }).strict(),
  z.object({ ...common, kind: z.literal("prompt-template"), payload: promptTemplatePayloadSchema }).strict(),
  z.object({ ...common, kind: z.literal("mcp-server"), payload: createMcpServerSchema }).strict(),
  z
    .object({
      ...common,
      kind: z.literal("app-shortcut"),
      payload: z.object({ appId: z.enum(pinnableAppIds) }).strict(),
    })
    .strict(),
  z
    .object({
      ...common,
      kind: z.literal("local-model"),
      payload: z.object({ model: z.enum(localModelNames) }).strict(),
    })
    .strict(),
  z
    .object({
      ...common,
      kind: z.literal("embedding-model"),
      payload: z.object({ modelId: z.string().min(1).max(200) }).strict(),
    })
    .strict(),
]);
export type CatalogueEntry = z.output<typeof catalogueEntrySchema>;

/** The person's install of an item: done, under way (a download, a re-embedding) or failed. */
export const marketplaceInstallSchema = z.object({
  state: z.enum(["installing", "installed", "failed"]),
  progress: z
    .object({ done: z.number(), total: z.number().nullable(), unit: z.enum(["bytes", "items"]) })
    .nullable(),
  /** A step ("Verifying checksum") or why it failed. */
  message: z.string().nullable(),
  /** The person's own rating (1-5), given once installed. */
  rating: z.number().int().nullable(),
});
export type MarketplaceInstall = z.infer<typeof marketplaceInstallSchema>;

/** Spec: id, title, description, shortDescription, category, imageUrl, rating, downloadCount, price. */
export const marketplaceItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  shortDescription: z.string(),
  category: z.enum(["ai-model", "tool", "template", "service"]),
  imageUrl: z.string().nullable(),
  /** The average of the ratings people who installed it gave (null: none yet). */
  rating: z.number().nullable(),
  ratingCount: z.number(),
  /** Real installs, one per person. */
  downloadCount: z.number(),
  price: z.number(),
  kind: z.enum(marketplaceKinds),
  /** What installing it does, in a sentence. */
  effect: z.string(),
  /** Paid items install on the Pro plan (Pro or Executive Access). */
  needsPro: z.boolean(),
  /** Who published it (null: the catalogue that ships with the product). */
  publisher: z.object({ id: z.string(), username: z.string() }).nullable(),
  visibility: z.enum(["public", "private"]),
  /** The app an app shortcut pins (an id of the web app's registry). */
  appId: z.string().nullable(),
  /** The signed-in person's install (null: not installed, or signed out). */
  install: marketplaceInstallSchema.nullable(),
});
export type MarketplaceItem = z.infer<typeof marketplaceItemSchema>;

export const marketplaceQuerySchema = z.object({
  search: z.string().trim().max(200, "A search is at most 200 characters").optional(),
  category: z
    .enum(marketplaceCategories, { error: `Category is one of ${marketplaceCategories.join(", ")}` })
    .default("all"),
});

export const MAX_PUBLISHED_PER_ACCOUNT = 50;
/** Publishing one of the person's agents or Prompt Canvas prompts as a private entry. */
export const publishEntrySchema = z
  .object({
    source: z.discriminatedUnion("type", [
      z.object({ type: z.literal("agent"), id: z.string().max(64) }).strict(),
      z.object({ type: z.literal("prompt"), id: z.string().max(64) }).strict(),
    ]),
    title,
    shortDescription,
    description,
  })
  .strict();
export type PublishEntryInput = z.input<typeof publishEntrySchema>;

/** The owner changes the texts; the admin makes an entry public (or private again). */
export const updateEntrySchema = z
  .object({
    title: title.optional(),
    shortDescription: shortDescription.optional(),
    description: description.optional(),
    visibility: z.enum(["public", "private"]).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change");
export type UpdateEntryInput = z.input<typeof updateEntrySchema>;

export const rateItemSchema = z
  .object({ stars: z.number().int("Stars are whole").min(1, "1 to 5 stars").max(5, "1 to 5 stars") })
  .strict();

/** What the person may publish: their agents and their saved prompts. */
export const publishableSchema = z.object({
  agents: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  prompts: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
});
export type Publishable = z.infer<typeof publishableSchema>;

/** The marketplace's calls (apps/server/src/marketplace/routes.ts). */
export const marketplaceApi = {
  /** The items matching `?search=&category=` (open to visitors). */
  list: endpoint({
    method: "GET",
    path: "/api/marketplace",
    body: null,
    answer: z.array(marketplaceItemSchema),
  }),
  get: endpoint({ method: "GET", path: "/api/marketplace/:id", body: null, answer: marketplaceItemSchema }),
  publishable: endpoint({
    method: "GET",
    path: "/api/marketplace/publishable",
    body: null,
    answer: publishableSchema,
  }),
  /** 201 installed, 202 under way (an item's install then says how far it is). */
  install: endpoint({
    method: "POST",
    path: "/api/marketplace/:id/install",
    body: null,
    answer: marketplaceItemSchema,
  }),
  uninstall: endpoint({
    method: "DELETE",
    path: "/api/marketplace/:id/install",
    body: null,
    answer: marketplaceItemSchema,
  }),
  rate: endpoint({
    method: "PUT",
    path: "/api/marketplace/:id/rating",
    body: rateItemSchema,
    answer: marketplaceItemSchema,
  }),
  publish: endpoint({
    method: "POST",
    path: "/api/marketplace/entries",
    body: publishEntrySchema,
    answer: marketplaceItemSchema,
  }),
  updateEntry: endpoint({
    method: "PATCH",
    path: "/api/marketplace/entries/:id",
    body: updateEntrySchema,
    answer: marketplaceItemSchema,
  }),
  withdrawEntry: endpoint({
    method: "DELETE",
    path: "/api/marketplace/entries/:id",
    body: null,
    answer: null,
  }),
};
