import { Pause, Play, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RangeField } from "@/components/ui/range-field";
import { NeuroToolFrame } from "../tool-frame";
import { formatClock, MAX_MINUTES, MIN_MINUTES, type TimerStatus } from "./focus-timer";
import { useFocusTimer } from "./use-focus-timer";
import { useSavedMinutes } from "./use-saved-minutes";

const minutesLabel = (minutes: number) => `${minutes} min`;

/** /neuro-equality/focus-timer: calm timed sessions that end with a toast and a gentle chime. */
export function FocusTimerPage() {
  const { timer, announcement, toggle, restart, chooseMinutes, restoreMinutes } = useFocusTimer();
  const remember = useSavedMinutes(restoreMinutes);
  const running = timer.status === "running";

  return (
    <NeuroToolFrame title="Focus Timer" description="Work in calm, timed sessions with a gentle end.">
      <Card className="grid gap-6 p-4 sm:p-6">
        <div className="grid justify-items-center gap-2">
          <p
            role="timer"
            aria-label="Time left"
            className="font-mono text-6xl font-semibold tabular-nums tracking-tight sm:text-8xl"
          >
            {formatClock(timer.remainingMs)}
          </p>
          <p className="text-sm text-muted-foreground">{statusText(timer.status)}</p>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={toggle}>
            {running ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {running ? "Pause" : "Start"}
          </Button>
          <Button size="lg" variant="outline" onClick={restart}>
            <RotateCcw aria-hidden="true" />
            Reset
          </Button>
        </div>
        <div className="grid gap-1.5">
          <RangeField
            label="Session duration"
            value={timer.minutes}
            min={MIN_MINUTES}
            max={MAX_MINUTES}
            format={minutesLabel}
            disabled={running}
            onValueChange={(minutes) => {
              chooseMinutes(minutes);
              remember(minutes);
            }}
          />
          {running ? <p className="text-sm text-muted-foreground">Pause to change the duration.</p> : null}
        </div>
      </Card>
    </NeuroToolFrame>
  );
}

function statusText(status: TimerStatus): string {
  switch (status) {
    case "running":
      return "Running";
    case "paused":
      return "Paused";
    case "complete":
      return "Complete. Time for a break.";
    default:
      return "Ready";
  }
}
