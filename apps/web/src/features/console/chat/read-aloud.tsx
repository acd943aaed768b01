import { chatMessageSchema } from "@neuroos/contracts";
import { Volume2, VolumeX } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { audioContext } from "@/lib/accessibility/sound";
import { useAudioPreferences } from "@/lib/speech/audio-preferences";
import { speakableText } from "@/lib/speech/speech-text";
import { useSpeaker } from "@/lib/speech/use-speaker";
import { useConsole } from "../console-context";
import { endsTurn } from "./chat-state";

/** The console's 'Read replies aloud' setting (the person's audio preference), as a toggle button. */
export function ReadAloudToggle() {
  const { preferences, update } = useAudioPreferences();
  const on = preferences.readRepliesAloud;
  const label = "Read replies aloud";
  return (
    <Tooltip content={on ? `${label}: on` : `${label}: off`}>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={label}
        aria-pressed={on}
        onClick={() => {
          // Sound is allowed once the person has acted: the page's audio context starts here.
          if (!on) audioContext();
          update({ readRepliesAloud: !on });
        }}
      >
        {on ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
      </Button>
    </Tooltip>
  );
}

/**
 * Speaks each new assistant reply of the session while 'Read replies aloud' is on, with the
 * person's voice, rate and pitch; a new reply stops the one being read.
 */
export function ReplyReader({ sessionId }: { sessionId: string | null }) {
  const { channel } = useConsole();
  const { preferences } = useAudioPreferences();
  const { speak } = useSpeaker();
  const settings = useRef(preferences);
  settings.current = preferences;

  useEffect(
    () =>
      channel.onFrame((frame) => {
        if (!settings.current.readRepliesAloud) return;
        if (frame.type !== "chat_message" || frame.sessionId !== sessionId) return;
        const parsed = chatMessageSchema.safeParse(frame.message);
        if (!parsed.success || parsed.data.role !== "assistant" || !endsTurn(parsed.data)) return;
        if (parsed.data.metadata.error || parsed.data.metadata.stopped) return;
        const text = speakableText(parsed.data.content);
        if (text) speak(text, settings.current).started.catch(() => {});
      }),
    [channel, sessionId, speak],
  );
  return null;
}
