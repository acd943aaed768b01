import { Outlet } from "react-router";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { Brand } from "./brand";
import { SkipLink } from "./skip-link";

/** Frame of the sign-in, sign-up and password pages: a slim header and a centred card. */
export function AuthLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_60%)]">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4">
        <Brand />
        <ThemeToggle />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-8 outline-none sm:items-center"
      >
        <Outlet />
      </main>
    </div>
  );
}
