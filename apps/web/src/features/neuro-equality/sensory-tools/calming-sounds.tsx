import { CloudRain, type LucideIcon, Trees, Waves, Wind } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RangeField } from "@/components/ui/range-field";
import {
  DEFAULT_VOLUME,
  SENSORY_SOUNDS,
  type SensorySoundId,
  VOLUME_MAX,
  VOLUME_MIN,
  VOLUME_STEP,
  validVolume,
} from "./sensory-sounds";
import { useTonePlayer } from "./use-tone-player";

const icons: Record<SensorySoundId, LucideIcon> = {
  rain: CloudRain,
  waves: Waves,
  wind: Wind,
  forest: Trees,
};

/** The four calming tones (one at a time, pressed shows which) and their volume. */
export function CalmingSounds() {
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const { playingId, choose } = useTonePlayer(volume);
  const playing = SENSORY_SOUNDS.find((sound) => sound.id === playingId);

  return (
    <section aria-labelledby="calming-sounds-title" className="grid">
      <Card className="grid content-start gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="calming-sounds-title" className="text-lg font-semibold">
            Calming sounds
          </h2>
          <p className="text-sm text-muted-foreground">
            {playing ? `Playing ${playing.label}. Choose it again to stop.` : "Choose a sound to play it."}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          {SENSORY_SOUNDS.map((sound) => {
            const Icon = icons[sound.id];
            const pressed = sound.id === playingId;
            return (
              <Button
                key={sound.id}
                size="lg"
                variant={pressed ? "primary" : "outline"}
                aria-pressed={pressed}
                onClick={() => choose(sound.id)}
              >
                <Icon aria-hidden="true" />
                {sound.label}
              </Button>
            );
          })}
        </div>
        <RangeField
          label="Volume"
          value={volume}
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={VOLUME_STEP}
          format={(value) => `${value}%`}
          onValueChange={(value) => {
            if (validVolume(value)) setVolume(value);
          }}
        />
      </Card>
    </section>
  );
}
