import type { ReactNode } from "react";

/** Label/value pairs as a definition list. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-3 text-sm">
      {items.map(({ label, value }) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
