import { apiRequest } from "../api";

/** A burst of changes (a slider, a drag) reaches the account this long after the last one. */
const SAVE_AFTER_MS = 400;

const address = (namespace: string) => `/api/preferences/${namespace}`;

/** A preference's query key: its address, as every resource's. */
export const preferenceKey = (namespace: string) => [address(namespace)] as const;

/**
 * The `value` of a preference's answer (`{ namespace, value }`), checked by hand: this module is
 * in every page's first download (the accessibility settings), where zod would cost more than
 * the rest of the shell. The value itself is checked by each preference's own `read`.
 */
function storedValue(answer: unknown): unknown {
  if (typeof answer !== "object" || answer === null || !("value" in answer))
    throw new Error("Unexpected answer from /api/preferences");
  return answer.value;
}

/** The person's stored value of a preference (null when none), as `read` takes it in. */
export async function readPreference<T>(namespace: string, read: (value: unknown) => T): Promise<T> {
  return read(storedValue(await apiRequest("GET", address(namespace))));
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
  };
}
