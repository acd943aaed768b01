import { useEffect, useState } from "react";
import { useLiveChannel } from "../live/live-context";
import { useStore } from "../store";
import { type DocumentOptions, type DocumentState, DocumentSync } from "./document-sync";

const whole = <T>(state: DocumentState<T>) => state;

/**
 * An app's documents, the open one local first (works offline), autosaved to the documents store after a
 * pause, with a conflict message when the server copy moved on. Give `options` once (stable).
 */
export function useDocument<T>(options: DocumentOptions<T>) {
  const [sync] = useState(() => new DocumentSync(options));
  const channel = useLiveChannel();
  useEffect(() => {
    sync.start();
    return () => sync.stop();
  }, [sync]);
  // Other tabs and devices: their saves reach this copy live.
  useEffect(
    () =>
      channel?.onFrame((frame) => {
        if (frame.type === "document_changed") void sync.changedElsewhere(frame);
      }),
    [channel, sync],
  );
  const state = useStore(sync.state, whole<T>);
  return {
    ...state,
    setTitle: (title: string) => sync.edit({ title }),
    setContent: (content: T) => sync.edit({ content }),
    saveNow: () => sync.save(),
    open: (id: string) => sync.open(id),
    create: () => sync.create(),
    remove: (id: string) => sync.remove(id),
    restore: (id: string) => sync.restore(id),
    keepMine: () => sync.resolve("mine"),
    takeTheirs: () => sync.resolve("theirs"),
  };
}
