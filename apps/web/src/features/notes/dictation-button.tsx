import { LoaderCircle, Mic, MicOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { fetchTranscriptionAvailable, transcribe } from "@/lib/resources/audio";
import { toast } from "@/lib/toast";

/** Spec: without speech-to-text the recording toggle stops by itself after 3 s. */
export const NO_STT_STOP_MS = 3000;
type Phase = "idle" | "recording" | "transcribing";

/**
 * Dictation: records the microphone in the browser and has the person's provider transcribe it
 * (OpenAI-compatible audio/transcriptions); the text is handed to `onText`. Without such a
 * provider it says so, after the spec's 3 s.
 */
export function DictationButton({ onText }: { onText: (text: string) => void }) {
  const [phase, setPhase] = useState<Phase>("idle");
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const start = async () => {
    setPhase("recording");
    const available = await fetchTranscriptionAvailable().catch(() => false);
    if (!available) {
      timer.current = setTimeout(() => {
        setPhase("idle");
        toast({
          title: "No speech-to-text provider configured",
          description: "Add an OpenAI API key (or an OpenAI-compatible address) in Settings to dictate.",
        });
      }, NO_STT_STOP_MS);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const rec = new MediaRecorder(stream);
      rec.ondataavailable = (event) => chunks.push(event.data);
      rec.onstop = async () => {
        for (const track of stream.getTracks()) track.stop();
        setPhase("transcribing");
        try {
          const text = await transcribe(new Blob(chunks, { type: rec.mimeType || "audio/webm" }));
          if (text) onText(text);
          toast({
            title: "Dictated",
            description: text ? "The text is at the end of the note." : "No speech was heard.",
          });
        } catch (err) {
          toast({
            variant: "destructive",
            title: "Dictation Failed",
            description: errorMessage(err, "Could not transcribe."),
          });
        } finally {
          setPhase("idle");
        }
      };
      recorder.current = rec;
      rec.start();
    } catch (err) {
      setPhase("idle");
      toast({
        variant: "destructive",
        title: "Microphone unavailable",
        description: errorMessage(err, "Allow the microphone for this site to dictate."),
      });
    }
  };

  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    if (recorder.current?.state === "recording") recorder.current.stop();
    else setPhase("idle");
    recorder.current = null;
  };

  return (
    <Button
      variant={phase === "recording" ? "destructive" : "outline"}
      disabled={phase === "transcribing"}
      onClick={() => (phase === "recording" ? stop() : void start())}
    >
      {phase === "transcribing" ? (
        <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
      ) : phase === "recording" ? (
        <MicOff aria-hidden="true" />
      ) : (
        <Mic aria-hidden="true" />
      )}
      {phase === "recording" ? "Stop recording" : phase === "transcribing" ? "Transcribing..." : "Record"}
    </Button>
  );
}
