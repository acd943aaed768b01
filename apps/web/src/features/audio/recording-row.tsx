import type { Recording } from "@neuroos/contracts";
import { useMutation } from "@tanstack/react-query";
import { Captions, Pause, Play, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { formatBytes, formatDuration } from "@/lib/format";
import { transcribeRecording } from "@/lib/resources/audio";
import { TranscriptBox } from "./transcript-box";
import type { PlayerState } from "./use-player";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * One recording: its length, size and date; play or pause it, transcribe it (when the person's
 * provider can; `transcribeHint` names what is missing otherwise), delete it.
 */
export function RecordingRow({
  recording,
  player,
  onTogglePlay,
  onDelete,
  canTranscribe,
  transcribeHint,
}: {
  recording: Recording;
  player: PlayerState;
  onTogglePlay: () => void;
  onDelete: () => void;
  canTranscribe: boolean;
  /** The id of the text saying why transcription is unavailable. */
  transcribeHint?: string;
}) {
  const transcript = useMutation({ mutationFn: () => transcribeRecording(recording.name) });
  const current = player.name === recording.name;
  const playing = current && player.playing;
  const length = recording.durationMs === null ? "length unknown" : formatDuration(recording.durationMs);

  return (
    <li className="grid gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium break-all">{recording.name}</p>
          <p className="text-xs text-muted-foreground">
            <span className="font-mono tabular-nums">{length}</span> · {formatBytes(recording.size)} ·{" "}
            {when(recording.modified)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onTogglePlay}>
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {playing ? "Pause" : "Play"}
            <span className="sr-only"> {recording.name}</span>
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={!canTranscribe || transcript.isPending}
            aria-describedby={canTranscribe ? undefined : transcribeHint}
            onClick={() => transcript.mutate()}
          >
            <Captions aria-hidden="true" />
            {transcript.isPending ? "Transcribing..." : "Transcribe"}
            <span className="sr-only"> {recording.name}</span>
          </Button>
          <Button size="sm" variant="ghost" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
            <span className="sr-only"> {recording.name}</span>
          </Button>
        </div>
      </div>
      {current && (player.playing || player.positionMs > 0) ? (
        <p className="text-sm tabular-nums">
          {player.playing ? "Playing" : "Paused at"} {formatDuration(player.positionMs)}
          {recording.durationMs === null ? "" : ` / ${formatDuration(recording.durationMs)}`}
        </p>
      ) : null}
      {current && player.error ? (
        <p role="alert" className="text-sm text-danger-text">
          {player.error}
        </p>
      ) : null}
      {transcript.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(transcript.error, "The recording could not be transcribed. Please try again.")}
        </p>
      ) : null}
      {transcript.isSuccess ? <TranscriptBox recording={recording.name} text={transcript.data} /> : null}
    </li>
  );
}
