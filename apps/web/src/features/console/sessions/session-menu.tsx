import type { ChatSession } from "@neuroos/contracts";
import * as Popover from "@radix-ui/react-popover";
import { Archive, ArchiveRestore, FileJson, FileText, Pencil, Pin, PinOff, Trash } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { sessionExportUrl } from "@/lib/resources/sessions";
import { SessionMenuTrigger } from "./session-menu-button";

export interface SessionActions {
  rename(session: ChatSession): void;
  setPinned(session: ChatSession, pinned: boolean): void;
  setArchived(session: ChatSession, archived: boolean): void;
  remove(session: ChatSession): void;
}

const itemClasses =
  "flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm text-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0";

function Item({ icon, label, onSelect }: { icon: ReactNode; label: string; onSelect: () => void }) {
  return (
    <button type="button" role="menuitem" tabIndex={-1} className={itemClasses} onClick={onSelect}>
      {icon}
      {label}
    </button>
  );
}

function Download({
  icon,
  label,
  href,
  onSelect,
}: {
  icon: ReactNode;
  label: string;
  href: string;
  onSelect: () => void;
}) {
  return (
    <a role="menuitem" tabIndex={-1} href={href} download className={itemClasses} onClick={onSelect}>
      {icon}
      {label}
    </a>
  );
}

/** Arrow keys, Home and End move between a menu's items (WAI-ARIA menu pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === "ArrowDown"
      ? (at + 1) % items.length
      : event.key === "ArrowUp"
        ? (at - 1 + items.length) % items.length
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? items.length - 1
            : -1;
  if (next < 0) return;
  event.preventDefault();
  items[next]?.focus();
}

/** A session's actions, each named: rename, pin, archive, export (Markdown, JSON), delete. */
export function SessionMenu({
  session,
  actions,
  className,
  initiallyOpen = false,
}: {
  session: ChatSession;
  actions: SessionActions;
  className?: string;
  /** Opened as it mounts (loaded by a press of its button). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const menu = useRef<HTMLDivElement>(null);
  // The action runs once the menu has closed and given focus back, so a dialog it opens keeps focus.
  const run = (action: () => void) => () => {
    setOpen(false);
    setTimeout(action, 0);
  };
  const pinned = session.pinnedAt !== null;
  const archived = session.archivedAt !== null;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <SessionMenuTrigger session={session} className={className} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
          className="z-50 w-52 rounded-lg border border-border bg-card p-1 text-card-foreground shadow-xl outline-none"
        >
          <div ref={menu} role="menu" aria-label={`Actions for ${session.title}`} onKeyDown={moveFocus}>
            <Item
              icon={<Pencil aria-hidden="true" />}
              label="Rename"
              onSelect={run(() => actions.rename(session))}
            />
            {archived ? null : (
              <Item
                icon={pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                label={pinned ? "Unpin" : "Pin"}
                onSelect={run(() => actions.setPinned(session, !pinned))}
              />
            )}
            <Item
              icon={archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
              label={archived ? "Unarchive" : "Archive"}
              onSelect={run(() => actions.setArchived(session, !archived))}
            />
            <Download
              icon={<FileText aria-hidden="true" />}
              label="Export Markdown"
              href={sessionExportUrl(session.id, "markdown")}
              onSelect={() => setOpen(false)}
            />
            <Download
              icon={<FileJson aria-hidden="true" />}
              label="Export JSON"
              href={sessionExportUrl(session.id, "json")}
              onSelect={() => setOpen(false)}
            />
            <Item
              icon={<Trash aria-hidden="true" />}
              label="Delete"
              onSelect={run(() => actions.remove(session))}
            />
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
