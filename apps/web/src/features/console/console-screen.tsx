import { LayoutDashboard, PanelRightClose, PanelRightOpen } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { ResizeHandle } from "@/components/ui/resize-handle";
import { Tooltip } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { useMediaQuery } from "@/lib/use-media-query";
import { ThemeToggle } from "../theme";
import { CentrePane } from "./centre-pane";
import { ConsoleProvider } from "./console-context";
import { ConsoleHeader } from "./console-header";
import { MobileConsole, type MobileTab } from "./mobile-console";
import { ActivityPanel } from "./panels/activity-panel";
import { LeftPanel } from "./panels/left-panel";
import { PANEL_BIG_STEP, PANEL_MAX, PANEL_MIN, PANEL_STEP } from "./panels/panel-width";
import { ServerDetailsButton } from "./panels/server-details-button";
import { StatusBar } from "./panels/status-bar";
import { SystemPanelsMenu } from "./panels/system-panels-menu";
import { usePanelWidth } from "./panels/use-panel-width";

/** 'full': the /console page on its own; 'embedded': inside the dashboard, under its header. */
export type ConsoleVariant = "full" | "embedded";

const LEFT_PANEL_ID = "console-left-panel";

function DesktopBody({ showActivity }: { showActivity: boolean }) {
  const [width, setWidth] = usePanelWidth();
  return (
    <div className="flex min-h-0 flex-1">
      <section
        id={LEFT_PANEL_ID}
        aria-label="System panels"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls; keyboard users must reach it
        tabIndex={0}
        style={{ width }}
        className="shrink-0 overflow-y-auto border-r border-border bg-card/50 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <LeftPanel />
      </section>
      <ResizeHandle
        value={width}
        min={PANEL_MIN}
        max={PANEL_MAX}
        step={PANEL_STEP}
        bigStep={PANEL_BIG_STEP}
        onChange={setWidth}
        controls={LEFT_PANEL_ID}
        label="Resize the system panels"
        valueText={`${width} pixels`}
      />
      <div className="min-w-0 flex-1">
        <CentrePane />
      </div>
      {showActivity ? (
        <section
          aria-label="Activity log"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls; keyboard users must reach it
          tabIndex={0}
          className="w-72 shrink-0 overflow-y-auto border-l border-border bg-card/50 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring 2xl:w-80"
        >
          <ActivityPanel />
        </section>
      ) : null}
    </div>
  );
}

function ConsoleLayout({ variant }: { variant: ConsoleVariant }) {
  const desktop = useMediaQuery("(min-width: 768px)");
  const wide = useMediaQuery("(min-width: 1280px)");
  const [activityChoice, setActivityChoice] = useState<boolean | null>(null);
  const [tab, setTab] = useState<MobileTab>("chat");
  const showActivity = activityChoice ?? wide;

  const activityToggle = (
    <Tooltip content={showActivity ? "Hide the activity panel" : "Show the activity panel"}>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Activity panel"
        aria-pressed={showActivity}
        onClick={() => setActivityChoice(!showActivity)}
      >
        {showActivity ? <PanelRightClose aria-hidden="true" /> : <PanelRightOpen aria-hidden="true" />}
      </Button>
    </Tooltip>
  );

  const actions = (
    <>
      {desktop ? activityToggle : <SystemPanelsMenu onOpenPanel={setTab} />}
      <ServerDetailsButton />
      {variant === "full" ? (
        <>
          <Tooltip content="Dashboard">
            <Link to="/dashboard" aria-label="Dashboard" className={buttonClasses("ghost", "icon")}>
              <LayoutDashboard aria-hidden="true" />
            </Link>
          </Tooltip>
          <ThemeToggle />
        </>
      ) : null}
    </>
  );

  return (
    <div
      className={cn("flex flex-col overflow-hidden", variant === "full" ? "h-dvh" : "h-[calc(100dvh-4rem)]")}
    >
      <ConsoleHeader actions={actions} compact={!desktop} />
      {desktop ? (
        <DesktopBody showActivity={showActivity} />
      ) : (
        <MobileConsole tab={tab} onTabChange={setTab} />
      )}
      <StatusBar />
    </div>
  );
}

/** The main console (product spec section 2): header, panels, chat, activity and status bar. */
export function ConsoleScreen({ variant }: { variant: ConsoleVariant }) {
  return (
    <ConsoleProvider>
      <ConsoleLayout variant={variant} />
    </ConsoleProvider>
  );
}
