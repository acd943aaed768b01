import { useEffect, useState } from "react";
import { useStore } from "../store";
import { type DocumentOptions, type DocumentState, DocumentSync } from "./document-sync";

const whole = <T>(state: DocumentState<T>) => state;

/**
 * An app's documents, the open one local first (works offline), autosaved to the documents store after a
 * pause, with a conflict message when the server copy moved on. Give `options` once (stable).
 */
export function useDocument<T>(options: DocumentOptions<T>) {
  const [sync] = useState(() => new DocumentSync(options));
  useEffect(() => {
    sync.start();
    return () => sync.stop();
  }, [sync]);
  const state = useStore(sync.state, whole<T>);
  return {
    ...state,
    setTitle: (title: string) => sync.edit({ title }),
    setContent: (content: T) => sync.edit({ content }),
    saveNow: () => sync.save(),
    open: (id: string) => sync.open(id),
    create: () => sync.create(),
    remove: (id: string) => sync.remove(id),
    keepMine: () => sync.resolve("mine"),
    takeTheirs: () => sync.resolve("theirs"),
  };
}
