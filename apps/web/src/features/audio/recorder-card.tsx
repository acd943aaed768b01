import { AUDIO_DIR } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Mic, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { formatDuration } from "@/lib/format";
import { saveRecording } from "@/lib/resources/audio";
import { filesKeys } from "@/lib/resources/files";
import { toast } from "@/lib/toast";
import { useRecorder } from "./use-recorder";

/** The microphone's level as a bar (a meter, 0–100). */
function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const percent = Math.round(level * 100);
  return (
    <meter
      aria-label="Microphone level"
      min={0}
      max={100}
      value={percent}
      aria-valuetext={active ? `${percent}%` : "Not recording"}
      className={cn(
        "block h-3 w-full overflow-hidden rounded-full bg-muted",
        // Chromium's own meter look is a gradient image: replaced by the theme's colours.
        "[&::-webkit-meter-bar]:h-3 [&::-webkit-meter-bar]:rounded-full [&::-webkit-meter-bar]:border-0 [&::-webkit-meter-bar]:bg-muted [&::-webkit-meter-bar]:bg-none",
        "[&::-webkit-meter-optimum-value]:bg-primary [&::-webkit-meter-optimum-value]:bg-none [&::-moz-meter-bar]:bg-primary",
      )}
    />
  );
}

/** Records the microphone (level and time shown) and keeps the recording in /home/user/audio. */
export function RecorderCard() {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: saveRecording,
    onSuccess: (recording) => {
      toast({ title: "Recording saved", description: `${recording.name} is in ${AUDIO_DIR}.` });
      void client.invalidateQueries({ queryKey: filesKeys.all });
    },
  });
  const recorder = useRecorder((audio) => save.mutate(audio));
  const recording = recorder.phase === "recording";

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Record</h2>
        <p className="text-sm text-muted-foreground">
          Recordings are kept in your workspace, in <code className="font-mono">{AUDIO_DIR}</code>.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant={recording ? "destructive" : "primary"}
          disabled={recorder.phase === "starting" || save.isPending}
          onClick={() => (recording ? recorder.stop() : void recorder.start())}
        >
          {recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
          {recording ? "Stop" : "Record"}
        </Button>
        <p role="timer" aria-label="Elapsed time" className="min-w-16 font-mono text-lg tabular-nums">
          {formatDuration(recording ? recorder.elapsedMs : 0)}
        </p>
        <p role="status" className="text-sm text-muted-foreground">
          {recorder.phase === "starting"
            ? "Asking for the microphone..."
            : recording
              ? "Recording..."
              : save.isPending
                ? "Saving the recording..."
                : ""}
        </p>
      </div>
      <LevelMeter level={recorder.level} active={recording} />
      {recorder.error ? (
        <p role="alert" className="rounded-lg border border-danger-text/40 p-3 text-sm text-danger-text">
          {recorder.error}
        </p>
      ) : null}
      {save.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-danger-text/40 p-3 text-sm text-danger-text"
        >
          <span>The recording could not be saved: {errorMessage(save.error, "please try again.")}</span>
          <Button size="sm" variant="outline" onClick={() => save.variables && save.mutate(save.variables)}>
            Try again
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
