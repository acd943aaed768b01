import { Play, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useAccessibility } from "@/lib/accessibility/settings";
import type { BreathingPhase } from "./breathing";
import { useBreathing } from "./use-breathing";

const SMALL = 0.55;
const LARGE = 1;

/** The circle grows while breathing in, stays while holding, shrinks while breathing out. */
function circleStyle(phase: BreathingPhase | undefined, reducedMotion: boolean) {
  if (reducedMotion) return { transform: "scale(0.8)", transition: "none" };
  const scale = phase && phase.id !== "exhale" ? LARGE : SMALL;
  return {
    transform: `scale(${scale})`,
    transition: phase ? `transform ${phase.seconds}s ease-in-out` : "none",
  };
}

/** Paced breathing: inhale 4 s, hold 4 s, exhale 6 s, named in text with the seconds left. */
export function BreathingGuide() {
  const { running, moment, toggle } = useBreathing();
  const { reducedMotionOn } = useAccessibility();
  const phase = moment?.phase;
  const seconds = moment?.secondsLeft ?? 0;

  return (
    <section aria-labelledby="breathing-guide-title" className="grid">
      <Card className="grid content-start gap-4 p-4 sm:p-6">
        <div className="grid gap-1">
          <h2 id="breathing-guide-title" className="text-lg font-semibold">
            Breathing guide
          </h2>
          <p className="text-sm text-muted-foreground">
            Breathe in for 4 seconds, hold for 4, breathe out for 6.
          </p>
        </div>
        <div className="grid size-48 place-items-center justify-self-center" aria-hidden="true">
          <div
            data-testid="breathing-circle"
            className="size-full rounded-full border-4 border-primary bg-primary/15"
            style={circleStyle(phase, reducedMotionOn)}
          />
        </div>
        <div aria-live="polite" className="grid min-h-16 justify-items-center gap-0.5 text-center">
          {phase ? (
            <>
              <p className="text-2xl font-semibold">{phase.label}</p>
              <p className="tabular-nums text-muted-foreground">
                {seconds} {seconds === 1 ? "second" : "seconds"}
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">{running ? "" : "Press Start to begin."}</p>
          )}
        </div>
        <Button size="lg" className="justify-self-center" onClick={toggle}>
          {running ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
          {running ? "Stop" : "Start"}
        </Button>
      </Card>
    </section>
  );
}
