import { cn } from "@/lib/cn";

export type StatusTone = "success" | "warning" | "danger" | "neutral";

const toneClasses: Record<StatusTone, string> = {
  success: "border-success/40 bg-success/10 text-success",
  warning: "border-warning/40 bg-warning/10 text-warning",
  danger: "border-danger-text/40 bg-danger-text/10 text-danger-text",
  neutral: "border-border bg-muted text-muted-foreground",
};

const dotClasses: Record<StatusTone, string> = {
  success: "bg-success",
  warning: "bg-warning",
  danger: "bg-danger-text",
  neutral: "bg-muted-foreground",
};

/** A small pill with a coloured dot: a module's or a service's state in words. */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: StatusTone;
  children: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-[11px] leading-4 font-medium",
        toneClasses[tone],
        className,
      )}
    >
      <span className={cn("size-1.5 rounded-full", dotClasses[tone])} aria-hidden="true" />
      {children}
    </span>
  );
}

export function StatusDot({ tone, className }: { tone: StatusTone; className?: string }) {
  return (
    <span
      className={cn("inline-block size-2 shrink-0 rounded-full", dotClasses[tone], className)}
      aria-hidden="true"
    />
  );
}
