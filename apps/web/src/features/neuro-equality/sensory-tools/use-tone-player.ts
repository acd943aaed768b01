import { useCallback, useEffect, useRef, useState } from "react";
import { audioContext } from "@/lib/accessibility/sound";
import { gainFor, nextSound, type SensorySoundId, soundById } from "./sensory-sounds";

interface Playing {
  id: SensorySoundId;
  oscillator: OscillatorNode;
  gain: GainNode;
}

/**
 * Plays one calming tone at a time: a sine oscillator through a gain of volume/100 × 0.1, on the
 * page's audio context. Choosing another tone stops the playing one first; choosing the playing
 * one stops it; a new volume applies at once; leaving the screen stops it.
 */
export function useTonePlayer(volume: number) {
  const [playingId, setPlayingId] = useState<SensorySoundId | null>(null);
  const playing = useRef<Playing | null>(null);
  const volumeRef = useRef(volume);
  volumeRef.current = volume;

  const stopPlaying = useCallback(() => {
    const current = playing.current;
    if (!current) return;
    playing.current = null;
    current.oscillator.stop();
    current.oscillator.disconnect();
    current.gain.disconnect();
  }, []);

  const choose = useCallback(
    (id: SensorySoundId) => {
      const next = nextSound(playing.current?.id ?? null, id);
      stopPlaying();
      if (next !== null) {
        const audio = audioContext();
        const oscillator = audio.createOscillator();
        const gain = audio.createGain();
        oscillator.type = "sine";
        oscillator.frequency.value = soundById(next).frequency;
        gain.gain.value = gainFor(volumeRef.current);
        oscillator.connect(gain).connect(audio.destination);
        oscillator.start();
        playing.current = { id: next, oscillator, gain };
      }
      setPlayingId(next);
    },
    [stopPlaying],
  );

  useEffect(() => {
    if (playing.current) playing.current.gain.gain.value = gainFor(volume);
  }, [volume]);

  useEffect(() => stopPlaying, [stopPlaying]);

  return { playingId, choose };
}
