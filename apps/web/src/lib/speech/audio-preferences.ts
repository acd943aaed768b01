import {
  AUDIO_PREFERENCE,
  type AudioPreferences,
  defaultAudioPreferences,
  readAudioPreferences,
} from "@neuroos/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { apiRequest } from "../api";

const PREFERENCE_URL = `/api/preferences/${AUDIO_PREFERENCE}`;
export const audioPreferencesKey = [PREFERENCE_URL] as const;
/** Sliders send many changes: the account gets the last one after this pause. */
const SAVE_AFTER_MS = 400;

/**
 * The person's audio settings (voice, rate, pitch, reading replies aloud), kept on the account:
 * a change applies at once on every screen of the page and reaches the account after a pause.
 */
export function useAudioPreferences() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: audioPreferencesKey,
    queryFn: async () =>
      readAudioPreferences(((await apiRequest("GET", PREFERENCE_URL)) as { value: unknown }).value),
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<AudioPreferences | null>(null);

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (value)
      apiRequest("PUT", PREFERENCE_URL, { value }).catch(() => {
        // Not saved on the account: the setting holds for this page; it is read again next visit.
      });
  }, []);
  useEffect(() => flush, [flush]);

  const update = useCallback(
    (patch: Partial<AudioPreferences>) => {
      const current = client.getQueryData<AudioPreferences>(audioPreferencesKey) ?? defaultAudioPreferences;
      const next = readAudioPreferences({ ...current, ...patch });
      client.setQueryData(audioPreferencesKey, next);
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_AFTER_MS);
    },
    [client, flush],
  );

  return { preferences: query.data ?? defaultAudioPreferences, loaded: query.isSuccess, update };
}
