import { type ChatSession, SESSION_IMPORT_MAX_BYTES } from "@neuroos/contracts";
import { Archive, PanelLeftClose, PanelLeftOpen, Plus, Search, Upload } from "lucide-react";
import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Tooltip } from "@/components/ui/tooltip";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { usePreference } from "@/lib/resources/preferences";
import {
  useArchivedSessions,
  useCreateSession,
  useImportSession,
  useSessionSearch,
  useUpdateSession,
} from "@/lib/resources/sessions";
import { toast } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";
import { useConsole } from "../console-context";
import { RenameSessionDialog } from "./session-dialogs";
import { SearchResults, SessionList } from "./session-list";
import { useSessionActions } from "./use-session-actions";

/** The sidebar's open state, kept on the account (null: never chosen, open on wide screens). */
export const SESSIONS_SIDEBAR_PREFERENCE = "console-sessions-sidebar";
const readOpen = (stored: unknown): { open: boolean } | null =>
  typeof stored === "object" && stored !== null && typeof (stored as { open?: unknown }).open === "boolean"
    ? { open: (stored as { open: boolean }).open }
    : null;

const SEARCH_PAUSE_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function IconButton({
  label,
  onClick,
  children,
  ...aria
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  "aria-expanded"?: boolean;
  "aria-controls"?: string;
  "aria-pressed"?: boolean;
  disabled?: boolean;
  id?: string;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        {...aria}
        className="flex size-8 shrink-0 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60 aria-pressed:bg-primary/15 [&_svg]:size-4"
      >
        {children}
      </button>
    </Tooltip>
  );
}

/**
 * The console's sessions beside the chat (wide screens): start, search (titles and message
 * text, the matching line shown), open, and each session's menu; the archived ones in their own
 * view; import of a JSON export. Collapsible; the choice is kept on the account.
 */
export function SessionSidebar({
  inSheet = false,
  onChosen,
}: {
  /** Shown in the small screens' sheet: always open, the whole sheet wide. */
  inSheet?: boolean;
  /** A session was opened, started or imported (the sheet closes). */
  onChosen?: () => void;
}) {
  const { sessions, sessionId, selectSession: select } = useConsole();
  const selectSession = (id: string) => {
    select(id);
    onChosen?.();
  };
  const wide = useMediaQuery("(min-width: 1024px)");
  const preference = usePreference(SESSIONS_SIDEBAR_PREFERENCE, readOpen);
  const open = inSheet || (preference.value?.open ?? wide);
  const [archivedView, setArchivedView] = useState(false);
  const [text, setText] = useState("");
  const q = useDebounced(text.trim(), SEARCH_PAUSE_MS);
  const searching = text.trim().length > 0;
  const search = useSessionSearch(searching ? q : "");
  const archived = useArchivedSessions(open && archivedView);
  const create = useCreateSession();
  const importSession = useImportSession();
  const update = useUpdateSession();
  const actions = useSessionActions();
  const file = useRef<HTMLInputElement>(null);
  const panelId = useId();

  // Showing or hiding swaps the toggle button: focus goes to the one that replaced it.
  const toggleId = useId();
  const toggled = useRef(false);
  const setOpen = (next: boolean) => {
    toggled.current = true;
    preference.save({ open: next });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the sidebar opens or closes
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    document.getElementById(toggleId)?.focus();
  }, [open, toggleId]);

  const openSession = (session: ChatSession) => {
    if (session.archivedAt) {
      setArchivedView(false);
      update.mutate(
        { id: session.id, changes: { archived: false } },
        {
          onError: (err) =>
            toast({
              variant: "destructive",
              title: "Could not open the session",
              description: errorMessage(err, "It could not be taken out of the archive."),
            }),
        },
      );
    }
    selectSession(session.id);
  };

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (session) => {
        setArchivedView(false);
        selectSession(session.id);
      },
      onError: (err) =>
        toast({
          variant: "destructive",
          title: "Could not create a session",
          description: errorMessage(err, "Please try again."),
        }),
    });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = "";
    if (!chosen) return;
    const refuse = (description: string) =>
      toast({ variant: "destructive", title: "Could not import the session", description });
    if (chosen.size > SESSION_IMPORT_MAX_BYTES)
      return refuse(`${chosen.name} is larger than ${SESSION_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
    let data: unknown;
    try {
      data = JSON.parse(await chosen.text());
    } catch {
      return refuse(`${chosen.name} is not JSON. Import a session exported as JSON.`);
    }
    importSession.mutate(data, {
      onSuccess: (session) => {
        setArchivedView(false);
        selectSession(session.id);
        toast({ title: "Imported", description: `${session.title} is in your sessions.` });
      },
      onError: (err) => refuse(errorMessage(err, "The file is not a session export.")),
    });
  };

  if (!open)
    return (
      <div className="flex shrink-0 flex-col items-center border-r border-border bg-card/40 px-1 py-2">
        <IconButton id={toggleId} label="Show sessions" aria-expanded={false} onClick={() => setOpen(true)}>
          <PanelLeftOpen aria-hidden="true" />
        </IconButton>
      </div>
    );

  return (
    <aside
      id={panelId}
      aria-label="Sessions"
      className={
        inSheet
          ? "flex h-full flex-col"
          : "flex w-64 shrink-0 flex-col border-r border-border bg-card/40 xl:w-72"
      }
    >
      <div className="flex items-center gap-0.5 px-2 pt-2 pb-1">
        <h2 className="mr-auto pl-1 text-sm font-semibold">
          {archivedView ? "Archived sessions" : "Sessions"}
        </h2>
        <IconButton label="Start a session" onClick={onCreate} disabled={create.isPending}>
          <Plus aria-hidden="true" />
        </IconButton>
        <IconButton label="Import a session (JSON)" onClick={() => file.current?.click()}>
          <Upload aria-hidden="true" />
        </IconButton>
        <IconButton
          label="Archived sessions"
          aria-pressed={archivedView}
          onClick={() => setArchivedView((v) => !v)}
        >
          <Archive aria-hidden="true" />
        </IconButton>
        {inSheet ? null : (
          <IconButton
            id={toggleId}
            label="Hide sessions"
            aria-expanded
            aria-controls={panelId}
            onClick={() => setOpen(false)}
          >
            <PanelLeftClose aria-hidden="true" />
          </IconButton>
        )}
        <input
          ref={file}
          type="file"
          accept="application/json,.json"
          className="sr-only"
          tabIndex={-1}
          aria-label="Session file to import"
          onChange={(event) => void onFile(event)}
        />
      </div>
      <search className="relative block px-2 pb-2">
        <Search
          className="pointer-events-none absolute top-1/2 left-4.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && text) {
              event.preventDefault();
              setText("");
            }
            // Enter opens the best match (Tab reaches each of the others).
            const best = search.data?.[0];
            if (event.key === "Enter" && best && q === text.trim()) {
              event.preventDefault();
              openSession(best.session);
            }
          }}
          aria-label="Search sessions"
          placeholder="Search sessions"
          maxLength={200}
          className="h-9 w-full rounded-md border border-input bg-background pr-2 pl-8 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
      </search>
      <div className={cn("min-h-0 flex-1 overflow-y-auto")}>
        {searching ? (
          <SearchResults
            q={q}
            hits={q ? search.data : undefined}
            isPending={search.isFetching || q !== text.trim()}
            isError={search.isError}
            error={search.error}
            onOpen={openSession}
          />
        ) : (
          <SessionList
            query={archivedView ? archived : sessions}
            archived={archivedView}
            selectedId={sessionId}
            actions={actions}
            onOpen={openSession}
          />
        )}
      </div>
      <RenameSessionDialog session={actions.renaming} onClose={actions.closeRename} />
    </aside>
  );
}
