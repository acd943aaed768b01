import type { AppDocument, AppDocumentSummary } from "@neuroos/contracts";
import { apiRequest } from "../api";

/** The documents store's REST calls (server: apps/server/src/documents). */
export const documentApi = {
  list: async (kind: string) =>
    (await apiRequest("GET", `/api/documents?kind=${encodeURIComponent(kind)}`)) as AppDocumentSummary[],
  get: async (id: string) =>
    (await apiRequest("GET", `/api/documents/${encodeURIComponent(id)}`)) as AppDocument,
  create: async (kind: string, title: string, content: unknown) =>
    (await apiRequest("POST", "/api/documents", { kind, title, content })) as AppDocument,
  update: async (id: string, version: number, title: string, content: unknown) =>
    (await apiRequest("PUT", `/api/documents/${encodeURIComponent(id)}`, {
      version,
      title,
      content,
    })) as AppDocument,
  remove: async (id: string) => {
    await apiRequest("DELETE", `/api/documents/${encodeURIComponent(id)}`);
  },
};
