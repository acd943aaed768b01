import { Link, useParams } from "react-router";
import { cn } from "@/lib/cn";
import { NotFoundPage } from "../not-found";
import { DocMarkdown } from "./doc-markdown";
import { docPages, findDocPage } from "./user-docs";

/** /docs and /docs/:page: the user documentation, with its table of contents. */
export function DocsPage() {
  const { page: slug } = useParams();
  const page = findDocPage(slug);
  if (!page) return <NotFoundPage />;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[14rem_minmax(0,1fr)]">
      <title>{`${page.title} · NeuroOS docs`}</title>
      <nav aria-label="Documentation" className="md:sticky md:top-24 md:self-start">
        <h2 className="mb-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
          Documentation
        </h2>
        <ul className="grid gap-0.5">
          {docPages.map((entry) => (
            <li key={entry.slug}>
              <Link
                to={`/docs/${entry.slug}`}
                aria-current={entry.slug === page.slug ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-ring",
                  entry.slug === page.slug
                    ? "bg-accent font-medium text-accent-foreground"
                    : "hover:bg-accent",
                )}
              >
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className="min-w-0">
        <DocMarkdown markdown={page.markdown} />
      </article>
    </div>
  );
}
