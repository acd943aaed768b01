import { SPEECH_PITCH_MAX, SPEECH_PITCH_MIN, SPEECH_RATE_MAX, SPEECH_RATE_MIN } from "@neuroos/contracts";
import { Square, Volume2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RangeField } from "@/components/ui/range-field";
import { SwitchField } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api";
import { useServerSpeechAvailable } from "@/lib/resources/audio";
import { useAudioPreferences } from "@/lib/speech/audio-preferences";
import { VOICE_LINES } from "@/lib/speech/speaker";
import { useSpeaker } from "@/lib/speech/use-speaker";

const MAX_TEXT = 5000;
const times = (value: number) => `${value.toFixed(1)}×`;

/** Speaks a text with the chosen voice, rate and pitch; the console's 'Read replies aloud' lives here too. */
export function SpeakCard() {
  const speaker = useSpeaker();
  const serverSpeech = useServerSpeechAvailable();
  const { preferences, update } = useAudioPreferences();
  const [text, setText] = useState("");
  const [status, setStatus] = useState("");
  const textId = useId();
  const voiceId = useId();
  const mute = speaker.source === "server" && serverSpeech.data === false;

  const speak = () => {
    setStatus("Preparing the speech...");
    const speech = speaker.speak(text, preferences);
    speech.started.then(
      ({ seconds }) =>
        setStatus(
          seconds === null
            ? "Speaking..."
            : `Speaking: ${seconds.toFixed(1)} s of audio from the server, decoded in this browser.`,
        ),
      (error: unknown) => {
        if (error instanceof DOMException && error.name === "AbortError") return setStatus("Stopped.");
        setStatus(errorMessage(error, "The text could not be spoken. Please try again."));
      },
    );
    void speech.finished.then(() => setStatus((s) => (s.startsWith("Speaking") ? "Done." : s)));
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">Speak</h2>
        <p className="text-sm text-muted-foreground">
          {mute
            ? "This browser has no voices and the server cannot speak (espeak-ng is not installed there)."
            : speaker.source === "server"
              ? `${VOICE_LINES.server} (this browser has no voices of its own).`
              : `${VOICE_LINES.browser}: ${speaker.voices.length} voice${speaker.voices.length === 1 ? "" : "s"} to choose from.`}
        </p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium">
          Text to speak
        </label>
        <textarea
          id={textId}
          value={text}
          maxLength={MAX_TEXT}
          onChange={(event) => setText(event.target.value)}
          rows={3}
          className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </div>
      {speaker.source === "browser" ? (
        <div className="grid gap-1.5">
          <label htmlFor={voiceId} className="text-sm font-medium">
            Voice
          </label>
          <select
            id={voiceId}
            value={preferences.voice ?? ""}
            onChange={(event) => update({ voice: event.target.value || null })}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            <option value="">The browser's default voice</option>
            {speaker.voices.map((voice) => (
              <option key={voice.voiceURI} value={voice.voiceURI}>
                {voice.name} ({voice.lang})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <RangeField
          label="Rate"
          value={preferences.rate}
          min={SPEECH_RATE_MIN}
          max={SPEECH_RATE_MAX}
          step={0.1}
          format={times}
          onValueChange={(rate) => update({ rate })}
        />
        <RangeField
          label="Pitch"
          value={preferences.pitch}
          min={SPEECH_PITCH_MIN}
          max={SPEECH_PITCH_MAX}
          step={0.1}
          format={times}
          onValueChange={(pitch) => update({ pitch })}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button disabled={text.trim().length === 0 || mute} onClick={speak}>
          <Volume2 aria-hidden="true" />
          Speak
        </Button>
        <Button variant="outline" disabled={!speaker.speaking} onClick={speaker.stop}>
          <Square aria-hidden="true" />
          Stop
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
      <SwitchField
        label="Read replies aloud"
        hint="The console speaks each new reply of the assistant with this voice, rate and pitch."
        checked={preferences.readRepliesAloud}
        onCheckedChange={(readRepliesAloud) => update({ readRepliesAloud })}
      />
    </Card>
  );
}
