import { TriangleExclamationPoint } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

interface AuthCardProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The framed card every sign-in, sign-up and password page sits in; its title is the page's h1. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Card className="w-full max-w-md p-6 sm:p-8">
      <title>{`${title} · NeuroOS`}</title>
      <div className="mb-6 grid gap-1.5 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      {footer ? (
        <div className="mt-6 grid gap-2 text-center text-sm text-muted-foreground">{footer}</div>
      ) : null}
    </Card>
  );
}

/** The alert of a mailed link that does not work (reset, verification): what went wrong, what next. */
export function BadLinkAlert({ message, children }: { message: string; children: ReactNode }) {
  return (
    <div role="alert" className="mb-4 flex gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
      <TriangleExclamationPoint className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{message}</p>
        <p className="text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
