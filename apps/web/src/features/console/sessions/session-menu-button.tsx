import type { ChatSession } from "@neuroos/contracts";
import { MoreHorizontal } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { cn } from "@/lib/cn";
import type { SessionActions } from "./session-menu";

/** The menu (a popover and its positioning library) loads the first time a menu is opened. */
const LoadedMenu = lazy(() => import("./session-menu").then((m) => ({ default: m.SessionMenu })));

/** A session's "…" button: the menu's trigger, also before the menu has loaded. */
export function SessionMenuTrigger({
  session,
  className,
  ...props
}: ComponentProps<"button"> & { session: Pick<ChatSession, "title"> }) {
  return (
    <button
      type="button"
      aria-label={`Actions for ${session.title}`}
      aria-haspopup="menu"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&_svg]:size-4",
        className,
      )}
      {...props}
    >
      <MoreHorizontal aria-hidden="true" />
    </button>
  );
}

/** A session's menu button: pressed the first time, the menu loads and opens. */
export function SessionMenuButton(props: {
  session: ChatSession;
  actions: SessionActions;
  className?: string;
}) {
  const [used, setUsed] = useState(false);
  if (!used)
    return (
      <SessionMenuTrigger session={props.session} className={props.className} onClick={() => setUsed(true)} />
    );
  return (
    <Suspense fallback={<SessionMenuTrigger session={props.session} className={props.className} />}>
      <LoadedMenu {...props} initiallyOpen />
    </Suspense>
  );
}
