import type { MouseEvent } from "react";
import { type AppEntry, appRegistry } from "@/lib/apps/registry";

/** The registry app a path belongs to: its own route, else the longest route it lies under. */
export function appAt(pathname: string): AppEntry | undefined {
  const under = appRegistry
    .filter((app) => pathname === app.route || pathname.startsWith(`${app.route}/`))
    .sort((a, b) => b.route.length - a.route.length);
  return under[0];
}

/**
 * A click handler (capture phase) for a desktop window's content: a link into the app opens its
 * target app in a window instead of taking the tab off the desktop; any other page of this site
 * opens in a new tab. Links to other sites, new tabs and downloads are left alone.
 */
export function keepLinksInWindows(openApp: (appId: string) => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.("a[href]");
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    // An anchor within the page scrolls as usual.
    if (url.pathname === window.location.pathname && url.hash) return;
    event.preventDefault();
    const app = appAt(url.pathname);
    if (app?.id === "desktop") return;
    if (app) openApp(app.id);
    else window.open(url.href, "_blank", "noopener");
  };
}
