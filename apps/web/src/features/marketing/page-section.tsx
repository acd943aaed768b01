import type { ReactNode } from "react";

/** A titled section of a marketing page; the title is an h2 linked as the section's label. */
export function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="py-10">
      <h2 id={`${id}-heading`} className="mb-4 text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
