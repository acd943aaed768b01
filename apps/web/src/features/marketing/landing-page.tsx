import { APP_VERSION } from "@neuroos/contracts";
import { LayoutDashboard, Rocket, SquareTerminal, Store } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { FeatureGrid } from "./feature-grid";
import { audiences } from "./product-content";

const actions = [
  { to: "/dashboard", label: "Launch Dashboard", icon: LayoutDashboard, variant: "primary" },
  { to: "/terminal", label: "Terminal Mode", icon: SquareTerminal, variant: "outline" },
  { to: "/auth/signup", label: "Start Free Trial", icon: Rocket, variant: "outline" },
  { to: "/marketplace", label: "Explore Marketplace", icon: Store, variant: "outline" },
] as const;

export function LandingPage() {
  return (
    <>
      <title>NeuroOS · AI-driven operating-system console</title>
      <section className="border-b border-border bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <Badge tone="accent" className="mb-6">
            v{APP_VERSION} · LLM operating system
          </Badge>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            The operating system where a language model is in control
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            NeuroOS is a desktop-style LLM operating-system interface: chat with models, run code and terminal
            commands, manage files, and work in AI desktop apps, all in your browser.
          </p>
          <div className="mt-10 grid w-full max-w-xl grid-cols-1 gap-3 sm:grid-cols-2">
            {actions.map(({ to, label, icon: Icon, variant }) => (
              <Link key={to} to={to} className={buttonClasses(variant, "lg")}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            ))}
          </div>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Everything an AI workspace needs
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          One console for models, agents, code and files, with apps built around them.
        </p>
        <FeatureGrid className="mt-10" />
      </section>
      <section aria-labelledby="audience-heading" className="border-t border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-12 text-center">
          <h2 id="audience-heading" className="text-xl font-semibold">
            Built for
          </h2>
          <ul className="mt-6 flex flex-wrap justify-center gap-3">
            {audiences.map(({ name }) => (
              <li key={name}>
                <Badge className="px-4 py-1.5 text-sm">{name}</Badge>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
