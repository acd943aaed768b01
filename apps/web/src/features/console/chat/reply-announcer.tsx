import { chatMessageSchema } from "@neuroos/contracts";
import { useEffect, useRef, useState } from "react";
import { useConsole } from "../console-context";
import { endsTurn } from "./chat-state";

/**
 * Tells screen-reader users when a reply starts and when it has finished, in a polite live
 * region; the message list itself stays quiet (never token by token).
 */
export function ReplyAnnouncer({ sessionId }: { sessionId: string | null }) {
  const { channel } = useConsole();
  const [text, setText] = useState("");
  const replying = useRef(false);

  useEffect(() => {
    replying.current = false;
    return channel.onFrame((frame) => {
      if (!("sessionId" in frame) || frame.sessionId !== sessionId) return;
      if (frame.type === "chat_token" && !replying.current) {
        replying.current = true;
        setText("The model is replying.");
        return;
      }
      if (frame.type !== "chat_message") return;
      const parsed = chatMessageSchema.safeParse(frame.message);
      if (!parsed.success || !endsTurn(parsed.data)) return;
      replying.current = false;
      const { metadata } = parsed.data;
      setText(
        metadata.error && !metadata.stopped
          ? "The reply failed."
          : metadata.stopped
            ? "Reply stopped."
            : "Reply received.",
      );
    });
  }, [channel, sessionId]);

  return (
    <p aria-live="polite" className="sr-only" data-testid="reply-announcer">
      {text}
    </p>
  );
}
