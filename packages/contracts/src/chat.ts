import { z } from "zod";
import { endpoint } from "./endpoint";
import { mcpResourceContentSchema } from "./mcp";
import { messageOutputSchema, OUTPUT_PREVIEW_CHARS } from "./outputs";

export const DEFAULT_SESSION_TITLE = "New Session";

export const chatSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The agent that answers in this session (with tools), or null for plain chat. */
  agentId: z.string().nullable(),
  /** The provider and model its next turn uses instead of the agent's or the default (null: those). */
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** When it was pinned (pinned sessions lead the list) or archived (hidden from it), or null. */
  pinnedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatSession = z.infer<typeof chatSessionSchema>;

const title = z.string().trim().min(1, "Title is required").max(200, "Title must be at most 200 characters");
const agentId = z.string().uuid("agentId must be an agent id").nullable();
/** A new session: its agent, or null for plain chat; without `agentId`, the person's default agent. */
export const createSessionSchema = z.object({
  title: title.default(DEFAULT_SESSION_TITLE),
  agentId: agentId.optional(),
});
const modelName = z.string().trim().min(1).max(200).nullable();
export const updateSessionSchema = z
  .object({
    title,
    agentId,
    /** The provider and model for the next turns (null: the agent's or the default again). */
    provider: modelName,
    model: modelName,
    pinned: z.boolean(),
    archived: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Send at least one change");
export type SessionChanges = z.infer<typeof updateSessionSchema>;

/**
 * A passage of one of the person's files, found by search for a message: where it is
 * (`path:from-to`, or the file's path), how close a match (0-1), and its text.
 */
export const filePassageSchema = z.object({ citation: z.string(), similarity: z.number(), text: z.string() });
export type FilePassage = z.infer<typeof filePassageSchema>;

/** Workspace files a message can carry, and how much of a text file the model is sent. */
export const ATTACHMENTS_PER_MESSAGE = 5;
export const ATTACHMENT_TEXT_CHARS = 100_000;
export const ATTACHMENT_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * A workspace file sent with a message, as it was when sent: a text file's text (the model gets
 * it after the message), or an image (text null; read again for each turn, for models that see).
 */
export const chatAttachmentSchema = z.object({
  path: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  text: z.string().nullable(),
  /** The text was longer than ATTACHMENT_TEXT_CHARS and was cut. */
  cut: z.boolean().optional(),
});
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** 'tool' messages hold an agent tool's result (metadata: toolCallId, toolName, isError). */
export const chatRoleSchema = z.enum(["user", "system", "assistant", "tool"]);
export const messageMetadataSchema = z
  .object({
    executionTime: z.number().optional(),
    model: z.string().optional(),
    provider: z.string().optional(),
    tokenCount: z.number().optional(),
    error: z.string().optional(),
    stopped: z.boolean().optional(),
    /** A reply: how many of the oldest messages were left out of what the model was sent (its window). */
    contextDropped: z.number().optional(),
    /** A user message's attached MCP resources, as read when it was sent (the model gets them). */
    resources: z.array(mcpResourceContentSchema).optional(),
    /**
     * A user message sent with "Search my files": the passages found for it (perhaps none), which
     * the model got with it and cites by number ([1], [2], …).
     */
    passages: z.array(filePassageSchema).optional(),
    /** A user message's workspace files (attachments). */
    attachments: z.array(chatAttachmentSchema).optional(),
  })
  .catchall(z.unknown());

export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** The message it follows in its branch (null: the first). */
  parentId: z.string().nullable(),
  /**
   * The versions of this message (itself and its siblings: an edited message's other texts, a
   * regenerated reply's other answers), oldest first; absent when it has only one.
   */
  versions: z.array(z.string()).optional(),
  role: chatRoleSchema,
  content: z.string(),
  timestamp: z.string(),
  metadata: messageMetadataSchema,
  /** What runs from this message printed (its code blocks' runs, Executes after it), oldest first. */
  outputs: z.array(messageOutputSchema).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** GET /api/sessions's query: the archived sessions (`archived=true`) or the others (the default). */
export const sessionListQuerySchema = z.object({ archived: z.enum(["true", "false"]).default("false") });

/** GET /api/sessions/search's query: words, each matched as a prefix ("pyth" finds "python"). */
export const sessionSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type something to search for").max(200, "Search at most 200 characters"),
});
/** The most results a search answers. */
export const SESSION_SEARCH_LIMIT = 50;

/** A search result: the session, and the message that matched (null: its title) with its matching line. */
export const sessionSearchHitSchema = z.object({
  session: chatSessionSchema,
  messageId: z.string().nullable(),
  line: z.string(),
});
export type SessionSearchHit = z.infer<typeof sessionSearchHitSchema>;

/** GET /api/sessions/:id/export's query. */
export const sessionExportQuerySchema = z.object({ format: z.enum(["markdown", "json"]).default("json") });
export type SessionExportFormat = z.infer<typeof sessionExportQuerySchema>["format"];

/** The most messages, and characters a message, an imported session may hold. */
export const SESSION_IMPORT_MAX_MESSAGES = 5000;
export const SESSION_IMPORT_MAX_CONTENT = 200_000;
/** The most bytes an import's body may have. */
export const SESSION_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

const exportedId = z.string().min(1).max(100);

/** A message's stored run as exported: what ran and what it printed, without its ids. */
const exportedOutputSchema = messageOutputSchema
  .omit({ id: true, messageId: true, executionId: true })
  .extend({
    language: z.string().max(50),
    input: z.string().max(SESSION_IMPORT_MAX_CONTENT),
    stdout: z.string().max(OUTPUT_PREVIEW_CHARS),
    stderr: z.string().max(OUTPUT_PREVIEW_CHARS),
    outputChars: z.number().int().min(0),
    durationMs: z.number().min(0),
    files: z.array(z.object({ path: z.string().max(4096), size: z.number().min(0) })).max(50),
    createdAt: z.string().datetime({ offset: true, message: "must be an ISO date and time" }),
  });
const exportedAt = z.string().datetime({ offset: true, message: "must be an ISO date and time" });

/**
 * A session as exported in JSON (and imported again): its fields, every message of every branch
 * (each after its parent) and the head of the branch shown.
 */
export const sessionExportSchema = z
  .object({
    format: z.literal("neuroos-session", { message: 'format must be "neuroos-session"' }),
    version: z.literal(1, { message: "version must be 1" }),
    session: z.object({
      title,
      agentId: z.string().nullable().optional(),
      provider: modelName.optional(),
      model: modelName.optional(),
      createdAt: exportedAt.optional(),
      updatedAt: exportedAt.optional(),
    }),
    messages: z
      .array(
        z.object({
          id: exportedId,
          parentId: exportedId.nullable(),
          role: chatRoleSchema,
          content: z.string().max(SESSION_IMPORT_MAX_CONTENT),
          metadata: z.record(z.string(), z.unknown()).default({}),
          timestamp: exportedAt,
          /** What runs from the message printed (the start of each, as the conversation lists it). */
          outputs: z.array(exportedOutputSchema).max(50).optional(),
        }),
      )
      .max(SESSION_IMPORT_MAX_MESSAGES, `A session can hold at most ${SESSION_IMPORT_MAX_MESSAGES} messages`),
    headId: exportedId.nullable(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.messages.forEach((m, i) => {
      if (seen.has(m.id))
        ctx.addIssue({ code: "custom", path: ["messages", i, "id"], message: "is repeated" });
      if (m.parentId !== null && !seen.has(m.parentId))
        ctx.addIssue({
          code: "custom",
          path: ["messages", i, "parentId"],
          message: "must be the id of a message before it",
        });
      seen.add(m.id);
    });
    if (value.headId !== null && !seen.has(value.headId))
      ctx.addIssue({ code: "custom", path: ["headId"], message: "must be the id of one of the messages" });
  });
export type SessionExport = z.infer<typeof sessionExportSchema>;

/** Chat sessions and their messages (server: apps/server/src/chat/routes.ts). */
export const sessionsApi = {
  /**
   * The person's sessions: pinned ones first, then the others, each by latest activity; the
   * archived ones are left out (`?archived=true`: only those).
   */
  list: endpoint({ method: "GET", path: "/api/sessions", body: null, answer: z.array(chatSessionSchema) }),
  /** Their sessions whose title or a message matches `?q=`, best first (at most SESSION_SEARCH_LIMIT). */
  search: endpoint({
    method: "GET",
    path: "/api/sessions/search",
    body: null,
    answer: z.array(sessionSearchHitSchema),
  }),
  /** One session as a file to download (`?format=markdown|json`): the JSON is `sessionExportSchema`. */
  export: endpoint({ method: "GET", path: "/api/sessions/:id/export", body: null, answer: null }),
  /** A session exported as JSON stored again as a new session of the person's (new ids). */
  import: endpoint({
    method: "POST",
    path: "/api/sessions/import",
    body: sessionExportSchema,
    answer: chatSessionSchema,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/sessions",
    body: createSessionSchema,
    answer: chatSessionSchema,
  }),
  /** Renames it or sets its agent. */
  update: endpoint({
    method: "PATCH",
    path: "/api/sessions/:id",
    body: updateSessionSchema,
    answer: chatSessionSchema,
  }),
  /** Moves it and its messages to the trash. */
  remove: endpoint({ method: "DELETE", path: "/api/sessions/:id", body: null, answer: null }),
  /** Its stored messages, oldest first. */
  messages: endpoint({
    method: "GET",
    path: "/api/sessions/:id/messages",
    body: null,
    answer: z.array(chatMessageSchema),
  }),
  /** Shows the branch through a message (its newest continuation); answers that branch. Refused (409) while a reply runs. */
  showMessage: endpoint({
    method: "POST",
    path: "/api/sessions/:id/messages/:messageId/show",
    body: null,
    answer: z.array(chatMessageSchema),
  }),
  /** Deletes a message and what follows it; answers the branch shown then. Refused (409) while a reply runs. */
  deleteMessage: endpoint({
    method: "DELETE",
    path: "/api/sessions/:id/messages/:messageId",
    body: null,
    answer: z.array(chatMessageSchema),
  }),
};
