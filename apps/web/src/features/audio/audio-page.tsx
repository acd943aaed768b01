import { RecorderCard } from "./recorder-card";
import { RecordingsCard } from "./recordings-card";
import { SpeakCard } from "./speak-card";

/** /dashboard/audio: record the microphone, keep, play and transcribe recordings, speak text. */
export function AudioPage() {
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-4 p-4 sm:p-6">
      <title>Audio I/O · NeuroOS</title>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Audio I/O</h1>
        <p className="text-sm text-muted-foreground">
          Record from your microphone, play and transcribe your recordings, and have text read aloud.
        </p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <div className="grid min-w-0 gap-4">
          <RecorderCard />
          <SpeakCard />
        </div>
        <div className="min-w-0">
          <RecordingsCard />
        </div>
      </div>
    </div>
  );
}
