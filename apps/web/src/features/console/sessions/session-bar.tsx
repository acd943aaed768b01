import type { ChatSession } from "@neuroos/contracts";
import { Bot, ChevronDown, Pencil, Plus, Trash } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";
import { errorMessage } from "@/lib/api";
import { useCreateSession } from "@/lib/resources/sessions";
import { toast } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";
import { SessionAgentPicker } from "../agent/agent-picker";
import { ReadAloudToggle } from "../chat/read-aloud";
import { SessionModelPicker } from "../chat/session-model-picker";
import { useConsole } from "../console-context";
import { DeleteSessionDialog, NewSessionDialog, RenameSessionDialog } from "./session-dialogs";
import { SessionsSheet } from "./sessions-sheet";

function IconButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label}>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label={label}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

/** Picks the session and its agent; creates (plain, or with an agent), renames and deletes sessions. */
export function SessionBar() {
  const { sessions, sessionId, selectSession } = useConsole();
  const create = useCreateSession();
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  const [deleting, setDeleting] = useState<ChatSession | null>(null);
  const [creating, setCreating] = useState(false);
  const id = useId();
  const list = sessions.data ?? [];
  const current = list.find((s) => s.id === sessionId) ?? null;
  // Wide screens have the sessions sidebar; small ones open it as a sheet from here.
  const small = !useMediaQuery("(min-width: 768px)");

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (session) => selectSession(session.id),
      onError: (err) =>
        toast({
          title: "Could not create a session",
          description: errorMessage(err, "Please try again."),
          variant: "destructive",
        }),
    });

  return (
    <div className="flex flex-wrap items-center gap-x-1 gap-y-2 border-b border-border px-3 py-2 sm:px-4">
      {small ? <SessionsSheet /> : null}
      <label htmlFor={id} className="sr-only">
        Session
      </label>
      <div className="relative mr-auto min-w-40 flex-1 sm:max-w-md">
        <select
          id={id}
          value={sessionId ?? ""}
          onChange={(event) => selectSession(event.target.value)}
          disabled={list.length === 0}
          className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm font-medium text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
        >
          {list.length === 0 ? (
            <option value="">{sessions.isPending ? "Loading sessions..." : "No session"}</option>
          ) : null}
          {list.map((session) => (
            <option key={session.id} value={session.id}>
              {session.title}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
      </div>
      <IconButton label="New session" onClick={onCreate} disabled={create.isPending}>
        <Plus aria-hidden="true" />
      </IconButton>
      <IconButton label="Start a session with an agent" onClick={() => setCreating(true)}>
        <Bot aria-hidden="true" />
      </IconButton>
      <IconButton label="Rename session" onClick={() => setRenaming(current)} disabled={!current}>
        <Pencil aria-hidden="true" />
      </IconButton>
      <IconButton label="Delete session" onClick={() => setDeleting(current)} disabled={!current}>
        <Trash aria-hidden="true" />
      </IconButton>
      <ReadAloudToggle />
      <SessionAgentPicker
        key={current?.id ?? "none"}
        sessionId={current?.id ?? null}
        agentId={current?.agentId ?? null}
        className="basis-full lg:ml-2 lg:max-w-xs lg:basis-auto lg:flex-1"
      />
      <SessionModelPicker
        session={current}
        className="basis-full lg:ml-2 lg:max-w-xs lg:basis-auto lg:flex-1"
      />
      <NewSessionDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(session) => selectSession(session.id)}
      />
      <RenameSessionDialog session={renaming} onClose={() => setRenaming(null)} />
      <DeleteSessionDialog session={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
