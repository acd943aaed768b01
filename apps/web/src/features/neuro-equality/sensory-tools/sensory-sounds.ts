/** Spec: the calming tones (sine waves), one at a time. */
export const SENSORY_SOUNDS = [
  { id: "rain", label: "Rain", frequency: 440 },
  { id: "waves", label: "Waves", frequency: 220 },
  { id: "wind", label: "Wind", frequency: 110 },
  { id: "forest", label: "Forest", frequency: 330 },
] as const;

export type SensorySound = (typeof SENSORY_SOUNDS)[number];
export type SensorySoundId = SensorySound["id"];

/** Spec: volume 0–100 step 5, default 50. */
export const VOLUME_MIN = 0;
export const VOLUME_MAX = 100;
export const VOLUME_STEP = 5;
export const DEFAULT_VOLUME = 50;

/** Spec: gain = volume/100 × 0.1 (so 0.05 at the default 50). */
export function gainFor(volume: number): number {
  return (volume / 100) * 0.1;
}

/** A volume the slider can hold: 0–100 in steps of 5. */
export function validVolume(volume: number): boolean {
  return (
    Number.isInteger(volume) && volume >= VOLUME_MIN && volume <= VOLUME_MAX && volume % VOLUME_STEP === 0
  );
}

/** What plays after choosing `chosen`: it, or nothing when it was the one playing. */
export function nextSound(playing: SensorySoundId | null, chosen: SensorySoundId): SensorySoundId | null {
  return playing === chosen ? null : chosen;
}

export function soundById(id: SensorySoundId): SensorySound {
  return SENSORY_SOUNDS.find((sound) => sound.id === id) ?? SENSORY_SOUNDS[0];
}
