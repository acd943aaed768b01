import type { AppDocument, AppDocumentSummary } from "@neuroos/contracts";
import { apiRequest } from "../api";

/** The documents store's REST calls (server: apps/server/src/documents). */
export const documentApi = {
  list: async (kind: string) =>
    (await apiRequest("GET", `/api/documents?kind=${encodeURIComponent(kind)}`)) as AppDocumentSummary[],
  get: async (id: string) =>
    (await apiRequest("GET", `/api/documents/${encodeURIComponent(id)}`)) as AppDocument,
  /** `keepalive`: a save sent as the page goes away, finished by the browser after it. */
  create: async (kind: string, title: string, content: unknown, keepalive = false) =>
    (await apiRequest("POST", "/api/documents", { kind, title, content }, { keepalive })) as AppDocument,
  update: async (id: string, version: number, title: string, content: unknown, keepalive = false) =>
    (await apiRequest(
      "PUT",
      `/api/documents/${encodeURIComponent(id)}`,
      { version, title, content },
      { keepalive },
    )) as AppDocument,
  /** Moves the document to the trash (30 days; `restore` puts it back). */
  remove: async (id: string) => {
    await apiRequest("DELETE", `/api/documents/${encodeURIComponent(id)}`);
  },
  restore: async (id: string) => {
    await apiRequest("POST", "/api/trash/restore", { type: "document", itemId: id });
  },
};
