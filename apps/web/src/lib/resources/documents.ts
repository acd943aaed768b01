import { documentSchema, documentSummarySchema } from "@neuroos/contracts";
import { z } from "zod";
import { apiRequest } from "../api";

/** The documents store's REST calls (server: apps/server/src/documents). */
export const documentApi = {
  list: async (kind: string) =>
    z
      .array(documentSummarySchema)
      .parse(await apiRequest("GET", `/api/documents?kind=${encodeURIComponent(kind)}`)),
  get: async (id: string) =>
    documentSchema.parse(await apiRequest("GET", `/api/documents/${encodeURIComponent(id)}`)),
  /** `keepalive`: a save sent as the page goes away, finished by the browser after it. */
  create: async (kind: string, title: string, content: unknown, keepalive = false) =>
    documentSchema.parse(await apiRequest("POST", "/api/documents", { kind, title, content }, { keepalive })),
  update: async (id: string, version: number, title: string, content: unknown, keepalive = false) =>
    documentSchema.parse(
      await apiRequest(
        "PUT",
        `/api/documents/${encodeURIComponent(id)}`,
        { version, title, content },
        { keepalive },
      ),
    ),
  /** Moves the document to the trash (30 days; `restore` puts it back). */
  remove: async (id: string) => {
    await apiRequest("DELETE", `/api/documents/${encodeURIComponent(id)}`);
  },
  restore: async (id: string) => {
    await apiRequest("POST", "/api/trash/restore", { type: "document", itemId: id });
  },
  /** Keeps a task just deleted from the list document `id` in the trash; answers the trash entry's id. */
  trashTask: async (id: string, task: { id: string }, index: number, title: string) =>
    z.object({ id: z.string() }).parse(
      await apiRequest("POST", `/api/documents/${encodeURIComponent(id)}/trash`, {
        item: task,
        index,
        title,
      }),
    ).id,
  /** Lets go of a trash entry for good (a task whose delete was undone on the page). */
  forgetTrashed: async (trashId: string) => {
    await apiRequest("DELETE", `/api/trash/${encodeURIComponent(trashId)}`);
  },
};
