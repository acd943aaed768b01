import { Compass } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";

/** Shown for every path the app does not know. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>404 Page Not Found · NeuroOS</title>
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonClasses("primary", "md")} mt-8`}>
        Back to Home
      </Link>
    </div>
  );
}
