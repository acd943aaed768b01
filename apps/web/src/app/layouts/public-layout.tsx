import { lazy, Suspense } from "react";
import { Link, Outlet } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";
import { ThemeToggle } from "@/features/theme";
import { useCurrentUser } from "@/lib/current-user";
import { Brand } from "./brand";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

// Loaded only for a signed-in visitor: signed-out pages stay small.
const AccountMenu = lazy(() =>
  import("@/features/auth/account-menu").then((m) => ({ default: m.AccountMenu })),
);

/** 'Sign in', or the signed-in person's account menu. */
function AccountArea() {
  const { data: user } = useCurrentUser();
  const signIn = (
    <Link to="/auth/login" className={buttonClasses("outline", "sm")}>
      Sign in
    </Link>
  );
  if (!user) return signIn;
  return (
    <Suspense fallback={null}>
      <AccountMenu user={user} />
    </Suspense>
  );
}

/** Frame of the marketing pages and the 404 page: header, main content, footer. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Brand />
          <nav aria-label="Main" className="flex items-center gap-1 sm:gap-4">
            <ul className="hidden items-center gap-5 text-sm sm:flex">
              <li>
                <TextLink to="/about" className="text-muted-foreground hover:text-foreground">
                  About
                </TextLink>
              </li>
              <li>
                <TextLink to="/support" className="text-muted-foreground hover:text-foreground">
                  Support
                </TextLink>
              </li>
            </ul>
            <ThemeToggle />
            <AccountArea />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
