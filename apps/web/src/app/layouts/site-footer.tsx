import { APP_VERSION } from "@neuroos/contracts";
import { TextLink } from "@/components/ui/text-link";

const footerLinks = [
  { to: "/about", label: "About" },
  { to: "/support", label: "Support" },
  { to: "/dashboard", label: "Dashboard" },
] as const;

/** Footer of the public pages: the spec's /about, /support and /dashboard links. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row">
        <p>NeuroOS v{APP_VERSION} · Released under the MIT License</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <TextLink to={link.to} className="text-muted-foreground hover:text-foreground">
                  {link.label}
                </TextLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
