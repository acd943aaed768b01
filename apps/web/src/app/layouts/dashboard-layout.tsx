import { Outlet } from "react-router";
import { MobileMenu } from "@/features/dashboard/mobile-menu";
import { SidebarNav } from "@/features/dashboard/sidebar-nav";
import { UserPanel } from "@/features/dashboard/user-panel";
import { SystemStatus } from "@/features/system/system-status";
import { ThemeToggle } from "@/features/theme/theme-toggle";
import { Brand } from "./brand";
import { SkipLink } from "./skip-link";

/** The dashboard shell: sidebar (a sheet on narrow screens), header with status and theme, content. */
export function DashboardLayout() {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipLink />
      <aside
        aria-label="Sidebar"
        className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-card lg:flex"
      >
        <div className="flex h-16 shrink-0 items-center border-b border-border px-4">
          <Brand to="/dashboard" />
        </div>
        <div className="flex-1 overflow-y-auto">
          <SidebarNav />
        </div>
        <UserPanel />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background/90 px-3 backdrop-blur sm:px-4">
          <MobileMenu />
          <div className="min-w-0 lg:hidden">
            <Brand to="/dashboard" />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <SystemStatus />
            <ThemeToggle />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
