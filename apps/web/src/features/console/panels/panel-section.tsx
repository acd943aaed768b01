import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";

/** A titled part of a console panel (File System, System Modules, ...). */
export function PanelSection({
  id,
  title,
  icon,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className={cn("grid content-start gap-2", className)}>
      <div className="flex min-h-8 items-center gap-2">
        <h2
          id={headingId}
          className="flex flex-1 items-center gap-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
        >
          {icon}
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A one-line note in a panel: loading, empty or failed. */
export function PanelNote({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "danger" }) {
  return (
    <p className={cn("px-1 py-2 text-sm", tone === "danger" ? "text-danger-text" : "text-muted-foreground")}>
      {children}
    </p>
  );
}

/**
 * A panel's list from the server: a note while it loads, the error when it fails, a note when
 * it is empty, else `children` with the data.
 */
export function PanelQuery<T>({
  query,
  loading,
  failed,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelNote>{loading}</PanelNote>;
  if (query.isError) return <PanelNote tone="danger">{errorMessage(query.error, failed)}</PanelNote>;
  if (isEmpty(query.data)) return <PanelNote>{empty}</PanelNote>;
  return children(query.data);
}
