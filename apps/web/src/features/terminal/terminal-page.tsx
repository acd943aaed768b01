import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useHostWindow } from "@/lib/host-window";
import { TerminalView } from "./terminal-view";

/** /terminal: a full-screen bash in the user's sandbox. */
export function TerminalPage() {
  const host = useHostWindow();
  return (
    <div className="flex h-dvh flex-col bg-[#0b0f19] text-zinc-100">
      <title>Terminal · NeuroOS</title>
      <header className="flex flex-wrap items-center gap-2 border-b border-white/10 px-3 py-2">
        <Link
          to="/dashboard"
          className={cn(buttonClasses("ghost", "sm"), "text-zinc-100 hover:bg-white/10 hover:text-white")}
        >
          <ArrowLeft aria-hidden="true" /> Dashboard
        </Link>
        <h1 className="text-sm font-semibold">Terminal</h1>
      </header>
      <div className="min-h-0 flex-1">
        {/* Each desktop window keeps its own shell, reattached after a reload. */}
        <TerminalView idKey={host ? `neuroos-terminal-window-${host.id}` : undefined} />
      </div>
    </div>
  );
}
