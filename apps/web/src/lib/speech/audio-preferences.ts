import { AUDIO_PREFERENCE, type AudioPreferences, readAudioPreferences } from "@neuroos/contracts";
import { useCallback } from "react";
import { usePreference } from "../resources/preferences";

/**
 * The person's audio settings (voice, rate, pitch, reading replies aloud), kept on the account:
 * a change applies at once on every screen of the page and reaches the account after a pause.
 */
export function useAudioPreferences() {
  const { value, loaded, save } = usePreference(AUDIO_PREFERENCE, readAudioPreferences);
  const update = useCallback(
    (patch: Partial<AudioPreferences>) => save((current) => readAudioPreferences({ ...current, ...patch })),
    [save],
  );
  return { preferences: value, loaded, update };
}
