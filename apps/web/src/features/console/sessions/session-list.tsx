import type { ChatSession, SessionSearchHit } from "@neuroos/contracts";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { groupSessions } from "./session-groups";
import type { SessionActions } from "./session-menu";
import { SessionMenuButton } from "./session-menu-button";

const rowClasses = "flex items-center gap-0.5 rounded-md pr-0.5";
const openClasses =
  "min-w-0 flex-1 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring";

/** A short message in place of a list: empty, loading, or an error with a retry. */
export function ListNote({ children, onRetry }: { children: string; onRetry?: () => void }) {
  return (
    <div className="grid justify-items-start gap-2 px-3 py-4">
      <p className={cn("text-sm", onRetry ? "text-danger-text" : "text-muted-foreground")}>{children}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

interface Query {
  data?: ChatSession[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

function SessionRow({
  session,
  selected,
  actions,
  onOpen,
}: {
  session: ChatSession;
  selected: boolean;
  actions: SessionActions;
  onOpen: (session: ChatSession) => void;
}) {
  return (
    <li className={cn(rowClasses, selected && "bg-primary/10")}>
      <button
        type="button"
        aria-current={selected ? "true" : undefined}
        title={session.title}
        onClick={() => onOpen(session)}
        className={cn(openClasses, "truncate", selected && "font-semibold")}
      >
        {session.title}
      </button>
      <SessionMenuButton session={session} actions={actions} />
    </li>
  );
}

/** The sessions grouped by day (pinned first), or the archived ones; each with its menu. */
export function SessionList({
  query,
  archived,
  selectedId,
  actions,
  onOpen,
}: {
  query: Query;
  archived: boolean;
  selectedId: string | null;
  actions: SessionActions;
  onOpen: (session: ChatSession) => void;
}) {
  const list = query.data;
  const groups = useMemo(() => (list && !archived ? groupSessions(list) : null), [list, archived]);
  if (query.isError)
    return (
      <ListNote onRetry={() => query.refetch()}>
        {errorMessage(
          query.error,
          archived ? "The archived sessions could not be loaded." : "Your sessions could not be loaded.",
        )}
      </ListNote>
    );
  if (!list)
    return <ListNote>{archived ? "Loading the archived sessions..." : "Loading your sessions..."}</ListNote>;
  if (list.length === 0)
    return (
      <ListNote>
        {archived
          ? "No archived sessions. Archive one from its menu to keep it out of the list."
          : "No sessions yet."}
      </ListNote>
    );
  const rows = (sessions: ChatSession[]) =>
    sessions.map((s) => (
      <SessionRow key={s.id} session={s} selected={s.id === selectedId} actions={actions} onOpen={onOpen} />
    ));
  if (!groups)
    return (
      <ul aria-label="Archived sessions" className="grid gap-0.5 px-2 pb-2">
        {rows(list)}
      </ul>
    );
  return (
    <div className="grid gap-3 px-2 pb-2">
      {groups.map((group) => (
        <section key={group.label} aria-label={group.label}>
          <h3 className="px-2 pb-1 text-xs font-medium text-muted-foreground">{group.label}</h3>
          <ul className="grid gap-0.5">{rows(group.sessions)}</ul>
        </section>
      ))}
    </div>
  );
}

/** A search's results: each session with its matching line; Enter or a click opens it. */
export function SearchResults({
  q,
  hits,
  isPending,
  isError,
  error,
  onOpen,
}: {
  q: string;
  hits: SessionSearchHit[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  onOpen: (session: ChatSession) => void;
}) {
  const status = isError
    ? errorMessage(error, "The search failed. Try again.")
    : isPending || !hits
      ? "Searching..."
      : hits.length === 0
        ? `No session matches “${q}”.`
        : `${hits.length} ${hits.length === 1 ? "result" : "results"}`;
  return (
    <div className="grid gap-1 px-2 pb-2">
      <p role="status" className={cn("px-2 text-xs", isError ? "text-danger-text" : "text-muted-foreground")}>
        {status}
      </p>
      {hits && hits.length > 0 && !isError ? (
        <ul aria-label="Search results" className="grid gap-0.5">
          {hits.map((hit) => (
            <li key={`${hit.session.id}:${hit.messageId ?? "title"}`}>
              <button
                type="button"
                onClick={() => onOpen(hit.session)}
                className={cn(openClasses, "grid w-full gap-0.5")}
              >
                <span className="truncate font-medium">
                  {hit.session.title}
                  {hit.session.archivedAt ? (
                    <span className="font-normal text-muted-foreground"> · archived</span>
                  ) : null}
                </span>
                <span className="line-clamp-2 text-xs break-words text-muted-foreground">
                  {hit.messageId ? hit.line : "Title matches"}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
