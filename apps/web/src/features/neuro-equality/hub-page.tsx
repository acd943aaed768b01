import { ArrowLeft, Home, Lightbulb, type LucideIcon, Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { OpenAppLink } from "@/components/app-host/open-app-link";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Tooltip } from "@/components/ui/tooltip";
import { appsIn } from "@/lib/apps/registry";
import { AccessibilitySettingsPanel } from "../settings";
import { ThemeToggle } from "../theme";
import { tipOfTheDay } from "./daily-tip";

const HUB_ID = "neuro-equality";
const tools = appsIn("neuro-equality").filter((app) => app.id !== HUB_ID);

/**
 * /neuro-equality: the accessibility suite's home. Header (home, dark mode, settings), the six
 * tools as tiles, the Daily Tip, and the 'Accessibility Settings' view.
 */
export function NeuroEqualityPage() {
  const [view, setView] = useState<"tools" | "settings">("tools");
  const settingsLabel = view === "settings" ? "Back to the tools" : "Accessibility settings";
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-6 p-4 sm:p-6">
      <title>NeuroEquality OS · NeuroOS</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h1 className="text-2xl font-semibold tracking-tight">NeuroEquality OS</h1>
          <p className="text-sm text-muted-foreground">Powered by NeuroOS</p>
        </div>
        <nav aria-label="NeuroEquality" className="flex items-center gap-1">
          <Tooltip content="Home">
            <Link to="/dashboard" aria-label="Home" className={buttonClasses("ghost", "icon")}>
              <Home aria-hidden="true" />
            </Link>
          </Tooltip>
          <ThemeToggle />
          <Tooltip content={settingsLabel}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={settingsLabel}
              aria-pressed={view === "settings"}
              onClick={() => setView(view === "settings" ? "tools" : "settings")}
            >
              {view === "settings" ? <ArrowLeft aria-hidden="true" /> : <Settings aria-hidden="true" />}
            </Button>
          </Tooltip>
        </nav>
      </header>
      {view === "settings" ? (
        <Card className="p-4 sm:p-6">
          <AccessibilitySettingsPanel />
        </Card>
      ) : (
        <>
          <ul aria-label="Tools" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => (
              <li key={tool.id}>
                <OpenAppLink
                  app={tool}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-border bg-card p-4 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <ToolTile title={tool.title} description={tool.description} icon={tool.icon} />
                </OpenAppLink>
              </li>
            ))}
          </ul>
          <Card className="flex items-start gap-3 p-4" aria-labelledby="daily-tip-title">
            <Lightbulb className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
            <div className="grid gap-1">
              <h2 id="daily-tip-title" className="font-semibold">
                Daily Tip
              </h2>
              <p className="text-sm text-muted-foreground">{tipOfTheDay(new Date())}</p>
            </div>
          </Card>
        </>
      )}
    </div>
  );
}

function ToolTile({
  title,
  description,
  icon: Icon,
}: {
  title: string;
  description?: string;
  icon: LucideIcon;
}) {
  return (
    <>
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid gap-1">
        <span className="font-semibold">{title}</span>
        {description ? <span className="text-sm text-muted-foreground">{description}</span> : null}
      </span>
    </>
  );
}
