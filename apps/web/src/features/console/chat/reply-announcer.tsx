import { chatMessageSchema } from "@neuroos/contracts";
import { useEffect, useState } from "react";
import { useConsole } from "../console-context";
import { endsTurn } from "./chat-state";

/** Tells screen-reader users when a reply has finished (the message list itself stays quiet). */
export function ReplyAnnouncer({ sessionId }: { sessionId: string | null }) {
  const { channel } = useConsole();
  const [text, setText] = useState("");

  useEffect(
    () =>
      channel.onFrame((frame) => {
        if (frame.type !== "chat_message" || frame.sessionId !== sessionId) return;
        const parsed = chatMessageSchema.safeParse(frame.message);
        if (!parsed.success || !endsTurn(parsed.data)) return;
        const { metadata } = parsed.data;
        setText(
          metadata.error && !metadata.stopped
            ? "The reply failed."
            : metadata.stopped
              ? "Reply stopped."
              : "Reply received.",
        );
      }),
    [channel, sessionId],
  );

  return (
    <p aria-live="polite" className="sr-only">
      {text}
    </p>
  );
}
