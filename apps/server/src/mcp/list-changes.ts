import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { CatalogKind } from "./catalog";

/** Several notices within this time are one re-read. */
const SETTLE_MS = 50;

/** Lists being read again: `settled()` resolves once those noticed so far are read. */
export interface ListChanges {
  settled(): Promise<void>;
}

/**
 * Calls `reread(kind)` when the server says its tools, resources or prompts changed
 * (`notifications/<kind>/list_changed`), once for a burst of such notices.
 */
export function watchListChanges(client: Client, reread: (kind: CatalogKind) => Promise<void>): ListChanges {
  /** Notices waiting for the burst to end, by list. */
  const settling = new Map<CatalogKind, NodeJS.Timeout>();
  /** Re-reads noticed and not yet done. */
  const unread = new Set<Promise<void>>();
  const notice = (kind: CatalogKind) => () => {
    const timer = settling.get(kind);
    if (timer) {
      timer.refresh();
      return;
    }
    const done = new Promise<void>((resolve) => {
      const started = setTimeout(() => {
        settling.delete(kind);
        void reread(kind)
          .catch(() => {})
          .finally(resolve);
      }, SETTLE_MS);
      started.unref();
      settling.set(kind, started);
    });
    unread.add(done);
    void done.then(() => unread.delete(done));
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, notice("tools"));
  client.setNotificationHandler(ResourceListChangedNotificationSchema, notice("resources"));
  client.setNotificationHandler(PromptListChangedNotificationSchema, notice("prompts"));
  return { settled: async () => void (await Promise.all(unread)) };
}
