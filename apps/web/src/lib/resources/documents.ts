import { documentsApi, trashApi } from "@neuroos/contracts";
import type { z } from "zod";
import { call } from "../api";

type Content = z.input<typeof documentsApi.create.body>["content"];
/**
 * An app's content (DocumentSync's T, unknown here) as the body's JSON type: a request body,
 * not an answer. It goes through JSON.stringify as before, and the server checks it per kind.
 */
const asContent = (content: unknown) => content as Content;

/** The documents store's REST calls (server: apps/server/src/documents). */
export const documentApi = {
  list: (kind: string) => call(documentsApi.list, { query: { kind } }),
  get: (id: string) => call(documentsApi.get, { params: { id } }),
  /** `keepalive`: a save sent as the page goes away, finished by the browser after it. */
  create: (kind: string, title: string, content: unknown, keepalive = false) =>
    call(documentsApi.create, { body: { kind, title, content: asContent(content) }, keepalive }),
  update: (id: string, version: number, title: string, content: unknown, keepalive = false) =>
    call(documentsApi.update, {
      params: { id },
      body: { version, title, content: asContent(content) },
      keepalive,
    }),
  /** Moves the document to the trash (30 days; `restore` puts it back). */
  remove: async (id: string) => {
    await call(documentsApi.remove, { params: { id } });
  },
  restore: async (id: string) => {
    await call(trashApi.restore, { body: { type: "document", itemId: id } });
  },
  /** Keeps a task just deleted from the list document `id` in the trash; answers the trash entry's id. */
  trashTask: async (id: string, task: { id: string }, index: number, title: string) =>
    (await call(documentsApi.trashTask, { params: { id }, body: { item: task, index, title } })).id,
  /** Lets go of a trash entry for good (a task whose delete was undone on the page). */
  forgetTrashed: async (trashId: string) => {
    await call(trashApi.forget, { params: { id: trashId } });
  },
};
