import { pathWith } from "@neuroos/contracts/endpoint";
import { preferencePath, preferenceValueOf } from "@neuroos/contracts/preferences";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { apiRequest } from "../api";
import { onDeviceOwnerChange } from "../device-owner";

/** A burst of changes (a slider, a drag) reaches the account this long after the last one. */
const SAVE_AFTER_MS = 400;

/**
 * preferencesApi's path (contracts), without its zod schemas: this module is in every page's
 * first download (the accessibility settings), where zod would cost more than the rest of the
 * shell, so its calls go through apiRequest rather than call() and the answer is checked by hand
 * (preferenceValueOf); the value itself is checked by each preference's own `read`.
 */
const address = (namespace: string) => pathWith(preferencePath, { namespace });

/** A preference's query key: its address, as every resource's. */
export const preferenceKey = (namespace: string) => [address(namespace)] as const;

/** The person's stored value of a preference (null when none), as `read` takes it in. */
export async function readPreference<T>(namespace: string, read: (value: unknown) => T): Promise<T> {
  return read(preferenceValueOf(await apiRequest("GET", address(namespace))));
}

/** Stores a preference's value; `keepalive` lets it go out while the page goes away. */
async function savePreference(namespace: string, value: unknown, keepalive = false): Promise<void> {
  await apiRequest("PUT", address(namespace), { value }, { keepalive });
}

export interface LaterSaves<T> {
  /** Saves `value` a pause after the last call (the last value wins). */
  save(value: T): void;
  /** Sends what waits and stops listening for the page going away. */
  dispose(): void;
  /** Forgets what waits, unsent (its person is no longer the device's), and stops listening. */
  drop(): void;
}

/**
 * Saves a preference a pause after its last change; what still waits when the page goes away is
 * sent on the way out. `saved` hears each value the account took, `failed` each refusal.
 */
export function laterSaves<T>(
  namespace: string,
  outcome: { saved?: (value: T) => void; failed?: (err: unknown) => void } = {},
): LaterSaves<T> {
  let waiting: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = (keepalive = false) => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!waiting) return;
    const { value } = waiting;
    waiting = null;
    savePreference(namespace, value, keepalive).then(
      () => outcome.saved?.(value),
      (err) => outcome.failed?.(err),
    );
  };
  const onPageHide = () => flush(true);
  window.addEventListener("pagehide", onPageHide);
  return {
    save(value) {
      waiting = { value };
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => flush(), SAVE_AFTER_MS);
    },
    dispose() {
      flush();
      window.removeEventListener("pagehide", onPageHide);
    },
    drop() {
      waiting = null;
      flush();
      window.removeEventListener("pagehide", onPageHide);
    },
  };
}

/**
 * Per page: each preference's value not yet on the account (newer than what a read brings back),
 * its saves, and its last save's refusal. A change of the device's person drops what waits.
 */
const unsaved = new Map<string, unknown>();
const saves = new Map<string, LaterSaves<unknown>>();
const refusals = new Map<string, unknown>();
const refusalListeners = new Set<() => void>();
const hearRefusals = (listener: () => void) => {
  refusalListeners.add(listener);
  return () => {
    refusalListeners.delete(listener);
  };
};
const refused = (namespace: string, err: unknown) => {
  if (err === null) refusals.delete(namespace);
  else refusals.set(namespace, err);
  for (const listener of refusalListeners) listener();
};
onDeviceOwnerChange(() => {
  for (const pending of saves.values()) pending.drop();
  saves.clear();
  unsaved.clear();
  refusals.clear();
});

function savesOf(namespace: string): LaterSaves<unknown> {
  let pending = saves.get(namespace);
  if (!pending) {
    pending = laterSaves(namespace, {
      saved: (value) => {
        if (unsaved.get(namespace) === value) unsaved.delete(namespace);
        refused(namespace, null);
      },
      failed: (err) => refused(namespace, err),
    });
    saves.set(namespace, pending);
  }
  return pending;
}

export interface Preference<T> {
  /** The stored value (`read(null)` until it is read, or when none is stored). */
  value: T;
  loaded: boolean;
  /** Why it could not be read, if it could not. */
  readError: unknown;
  /** Why the last save was refused, until one succeeds. */
  saveError: unknown;
  /** Sets the value at once for every screen of the page; it reaches the account after a pause. */
  save(next: T | ((current: T) => T)): void;
}

/**
 * One of the person's preferences (GET/PUT /api/preferences/:namespace), kept on the account and
 * shared by every screen of the page. `read` checks what the account holds (it is given null
 * when nothing is stored) and answers the value to use.
 */
export function usePreference<T>(namespace: string, read: (stored: unknown) => T): Preference<T> {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: preferenceKey(namespace),
    queryFn: async () => {
      const stored = await readPreference(namespace, read);
      // A change made meanwhile is newer than what the account had.
      return unsaved.has(namespace) ? (unsaved.get(namespace) as T) : stored;
    },
  });
  const saveError = useSyncExternalStore(hearRefusals, () => refusals.get(namespace) ?? null);
  const save = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = client.getQueryData<T>(preferenceKey(namespace)) ?? read(null);
      const value = typeof next === "function" ? (next as (current: T) => T)(current) : next;
      client.setQueryData(preferenceKey(namespace), value);
      unsaved.set(namespace, value);
      savesOf(namespace).save(value);
    },
    [client, namespace, read],
  );
  return {
    value: query.data ?? read(null),
    loaded: query.isSuccess,
    readError: query.error,
    saveError,
    save,
  };
}
