import { AUDIO_DIR, type Recording } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AudioLines } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { deleteRecording, useRecordings, useTranscriptionAvailable } from "@/lib/resources/audio";
import { filesKeys } from "@/lib/resources/files";
import { toast } from "@/lib/toast";
import { RecordingRow } from "./recording-row";
import { usePlayer } from "./use-player";

/** Says what transcription needs when the person's provider cannot do it, and where to set it up. */
function TranscriptionNotice({ id }: { id: string }) {
  return (
    <p id={id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
      Transcription needs a speech-to-text provider: add an OpenAI API key, or the address of an
      OpenAI-compatible server that offers <code className="font-mono">audio/transcriptions</code> (such as
      Whisper), in <TextLink to="/dashboard/settings">Settings</TextLink>.
    </p>
  );
}

/** The recordings in /home/user/audio: played, transcribed, deleted. */
export function RecordingsCard() {
  const recordings = useRecordings();
  const transcription = useTranscriptionAvailable();
  const player = usePlayer();
  const client = useQueryClient();
  const [toDelete, setToDelete] = useState<Recording | null>(null);
  const hintId = useId();
  const canTranscribe = transcription.data === true;

  const remove = useMutation({
    mutationFn: (recording: Recording) => deleteRecording(recording.name),
    onSuccess: (_data, recording) => {
      player.release(recording.name);
      toast({ title: `Deleted ${recording.name}` });
      setToDelete(null);
      void client.invalidateQueries({ queryKey: filesKeys.all });
    },
  });

  const list = recordings.data ?? [];
  return (
    <Card className="grid gap-3 p-4 sm:p-5">
      <h2 className="text-lg font-semibold">Recordings</h2>
      {transcription.data === false ? <TranscriptionNotice id={hintId} /> : null}
      {recordings.isPending ? (
        <Spinner label="Loading recordings..." />
      ) : recordings.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="text-danger-text">
            {errorMessage(recordings.error, "The recordings could not be loaded.")}
          </p>
          <Button size="sm" variant="outline" onClick={() => void recordings.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="grid justify-items-center gap-2 p-6 text-center text-sm text-muted-foreground">
          <AudioLines className="size-8" aria-hidden="true" />
          <p className="font-medium text-foreground">No recordings yet</p>
          <p>
            Press Record to make one; it is kept in <code className="font-mono">{AUDIO_DIR}</code>.
          </p>
        </div>
      ) : (
        <ul aria-label="Recordings" className="divide-y divide-border rounded-lg border border-border">
          {list.map((recording) => (
            <RecordingRow
              key={recording.name}
              recording={recording}
              player={player.state}
              onTogglePlay={() => player.toggle(recording.name)}
              onDelete={() => setToDelete(recording)}
              canTranscribe={canTranscribe}
              transcribeHint={hintId}
            />
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : "Delete"}
        description="The recording goes to the trash in Files, where it stays 30 days until you restore it or empty the trash."
        pending={remove.isPending}
        error={
          remove.isError ? errorMessage(remove.error, "It could not be deleted. Please try again.") : null
        }
        onClose={() => {
          setToDelete(null);
          remove.reset();
        }}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}
