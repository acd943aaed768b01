import { BrainCircuit } from "lucide-react";
import { Link } from "react-router";

/** The product name and mark, linking to `to`. */
export function Brand({ to = "/" }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex min-w-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <BrainCircuit className="size-5" aria-hidden="true" />
      </span>
      <span className="truncate text-lg">NeuroOS</span>
    </Link>
  );
}
