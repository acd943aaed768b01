import { Outlet } from "react-router";
import { SkipLink } from "./skip-link";

/** Frame of screens that own the whole window (the /console page). */
export function FullScreenLayout() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
    </>
  );
}
