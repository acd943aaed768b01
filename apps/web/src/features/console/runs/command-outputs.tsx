import type { ChatMessage } from "@neuroos/contracts";
import { memo } from "react";
import { commandOutputs } from "./outputs";
import { StoredOutput } from "./stored-output";

/** The commands run with Execute after a message, as stored with it: shown under it after a reload. */
export const CommandOutputs = memo(function CommandOutputs({
  sessionId,
  message,
}: {
  sessionId: string;
  message: ChatMessage;
}) {
  const list = commandOutputs(message);
  if (list.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 pr-4 pb-3 pl-14 sm:pr-6 sm:pl-16">
      {list.map((output) => (
        <section
          key={output.id}
          aria-label={`Executed: ${output.input.slice(0, 60)}`}
          className="overflow-hidden rounded-lg border border-border bg-muted/40"
        >
          <code className="block truncate px-3 pt-1.5 font-mono text-xs">
            <span className="text-muted-foreground select-none">$ </span>
            {output.input}
          </code>
          <StoredOutput sessionId={sessionId} output={output} outputHeight="max-h-60" />
        </section>
      ))}
    </div>
  );
});
