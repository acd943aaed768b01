import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button";
import { useHostWindow } from "@/lib/host-window";

/**
 * The calm, predictable frame of every NeuroEquality tool: the way back to the hub, the tool's
 * name and what it is for, then the tool. In a desktop window the way back is left out.
 */
export function NeuroToolFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const hosted = useHostWindow() !== null;
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-4 p-4 sm:p-6">
      <title>{`${title} · NeuroEquality OS`}</title>
      {hosted ? null : (
        <div>
          <Link to="/neuro-equality" className={buttonClasses("ghost", "sm")}>
            <ArrowLeft aria-hidden="true" />
            NeuroEquality OS
          </Link>
        </div>
      )}
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      {children}
    </div>
  );
}
