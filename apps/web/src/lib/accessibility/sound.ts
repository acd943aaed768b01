import { accessibilityNow } from "./settings";

let context: AudioContext | null = null;

/** The page's one audio context, made on first use (browsers allow it after a person's gesture). */
export function audioContext(): AudioContext {
  context ??= new AudioContext();
  if (context.state === "suspended") void context.resume();
  return context;
}

/**
 * A gentle two-note chime (soft sine tones that fade in and out), played only while the
 * person's sound effects are on. Returns whether it played.
 */
export function playChime(): boolean {
  if (!accessibilityNow().soundEffects) return false;
  const audio = audioContext();
  const start = audio.currentTime + 0.02;
  [523.25, 659.25].forEach((frequency, i) => {
    const at = start + i * 0.35;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.08, at + 0.08);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.9);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 1);
  });
  return true;
}
