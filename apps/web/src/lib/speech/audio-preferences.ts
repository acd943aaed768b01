import {
  AUDIO_PREFERENCE,
  type AudioPreferences,
  defaultAudioPreferences,
  readAudioPreferences,
} from "@neuroos/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { laterSaves, preferenceKey, readPreference } from "../resources/preferences";

export const audioPreferencesKey = preferenceKey(AUDIO_PREFERENCE);

/** A change not yet on the account (one for the page, whichever screen made it). */
let unsaved: AudioPreferences | null = null;
// Not on the account: the setting holds in this page and is read from the account next visit.
const saves = laterSaves<AudioPreferences>(AUDIO_PREFERENCE, {
  saved: (value) => {
    if (unsaved === value) unsaved = null;
  },
});

/**
 * The person's audio settings (voice, rate, pitch, reading replies aloud), kept on the account:
 * a change applies at once on every screen of the page and reaches the account after a pause.
 */
export function useAudioPreferences() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: audioPreferencesKey,
    queryFn: async () => {
      const stored = await readPreference(AUDIO_PREFERENCE, readAudioPreferences);
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
      saves.save(next);
    },
    [client],
  );

  return { preferences: query.data ?? defaultAudioPreferences, loaded: query.isSuccess, update };
}
