import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AppEntry } from "@/lib/apps/registry";
import { useHostWindow } from "@/lib/host-window";

/**
 * A link that opens an app of the registry: on its own page it goes to the app's route; inside a
 * desktop window it opens the app in a window of its own, so the desktop stays.
 */
export function OpenAppLink({
  app,
  className,
  children,
}: {
  app: AppEntry;
  className?: string;
  children: ReactNode;
}) {
  const openApp = useHostWindow()?.openApp;
  if (openApp)
    return (
      <button type="button" className={className} onClick={() => openApp(app.id)}>
        {children}
      </button>
    );
  return (
    <Link to={app.route} className={className}>
      {children}
    </Link>
  );
}
