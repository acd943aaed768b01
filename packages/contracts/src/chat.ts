import { z } from "zod";
import { endpoint } from "./endpoint";
import { mcpResourceContentSchema } from "./mcp";

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
export const createSessionSchema = z.object({
  title: title.default(DEFAULT_SESSION_TITLE),
  agentId: agentId.default(null),
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
    /** A user message's attached MCP resources, as read when it was sent (the model gets them). */
    resources: z.array(mcpResourceContentSchema).optional(),
    /**
     * A user message sent with "Search my files": the passages found for it (perhaps none), which
     * the model got with it and cites by number ([1], [2], …).
     */
    passages: z.array(filePassageSchema).optional(),
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
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Chat sessions and their messages (server: apps/server/src/chat/routes.ts). */
export const sessionsApi = {
  /** The person's sessions, newest first. */
  list: endpoint({ method: "GET", path: "/api/sessions", body: null, answer: z.array(chatSessionSchema) }),
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
