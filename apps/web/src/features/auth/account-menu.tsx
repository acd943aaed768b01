import type { User } from "@neuroos/contracts";
import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { SignOutButton } from "./sign-out-button";
import { planLabel } from "./use-signed-in-user";

/** The signed-in person's menu on public pages: who, their plan, the dashboard, sign out. */
export function AccountMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !root.current?.contains(event.target as Node)
      )
        setOpen(false);
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses("outline", "sm")}
      >
        <span className="sr-only">Account: </span>
        <span className="max-w-20 truncate sm:max-w-28">{user.username}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-2 grid w-64 max-w-[calc(100vw-1.5rem)] gap-3 rounded-md border border-border bg-card p-4 shadow-lg"
        >
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{user.username}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            <p className="text-xs text-muted-foreground">Plan: {planLabel(user)}</p>
          </div>
          <Link to="/dashboard" className={buttonClasses("primary", "sm")}>
            Open dashboard
          </Link>
          <SignOutButton />
        </div>
      ) : null}
    </div>
  );
}
