import {
  AUDIO_PREFERENCE,
  type AudioPreferences,
  defaultAudioPreferences,
  readAudioPreferences,
} from "@neuroos/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiRequest } from "../api";

const PREFERENCE_URL = `/api/preferences/${AUDIO_PREFERENCE}`;
export const audioPreferencesKey = [PREFERENCE_URL] as const;
/** Sliders send many changes: the account gets the last one after this pause. */
const SAVE_AFTER_MS = 400;

/** A change not yet on the account (one for the page, whichever screen made it). */
let unsaved: AudioPreferences | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function saveToAccount(keepalive = false): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const value = unsaved;
  if (!value) return;
  apiRequest("PUT", PREFERENCE_URL, { value }, { keepalive })
    .then(() => {
      if (unsaved === value) unsaved = null;
    })
    .catch(() => {
      // Not on the account: the setting holds in this page and is read from the account next visit.
    });
}

// A change still waiting when the page goes away is sent on the way out.
window.addEventListener("pagehide", () => saveToAccount(true));

/**
 * The person's audio settings (voice, rate, pitch, reading replies aloud), kept on the account:
 * a change applies at once on every screen of the page and reaches the account after a pause.
 */
export function useAudioPreferences() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: audioPreferencesKey,
    queryFn: async () => {
      const stored = readAudioPreferences(
        ((await apiRequest("GET", PREFERENCE_URL)) as { value: unknown }).value,
      );
      // A change made meanwhile is newer than what the account had.
      return unsaved ?? stored;
    },
  });

  const update = useCallback(
    (patch: Partial<AudioPreferences>) => {
      const current = client.getQueryData<AudioPreferences>(audioPreferencesKey) ?? defaultAudioPreferences;
      const next = readAudioPreferences({ ...current, ...patch });
      client.setQueryData(audioPreferencesKey, next);
      unsaved = next;
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => saveToAccount(), SAVE_AFTER_MS);
    },
    [client],
  );

  return { preferences: query.data ?? defaultAudioPreferences, loaded: query.isSuccess, update };
}
