import type { MarketplaceItem } from "@neuroos/contracts";
import { Download, LoaderCircle, Lock, RotateCcw, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useCurrentUser } from "@/lib/current-user";
import { formatBytes } from "@/lib/format";
import { useInstall, useUninstall } from "@/lib/resources/marketplace";
import { loginUrlReturningTo } from "@/lib/safe-next";
import { hasPro, progressPercent } from "./labels";

/** What an install under way has done so far: a download's bytes, an index's items. */
function progressText(install: NonNullable<MarketplaceItem["install"]>): string {
  const p = install.progress;
  const step = install.message ?? "Installing";
  if (!p) return `${step}…`;
  const fmt = (n: number) => (p.unit === "bytes" ? formatBytes(n) : `${n}`);
  const percent = progressPercent(install);
  return `${step}: ${fmt(p.done)}${p.total ? ` of ${fmt(p.total)}${p.unit === "items" ? " items" : ""}` : ""}${percent === null ? "" : ` (${percent}%)`}`;
}

/**
 * Install or uninstall, with what is under way (a download's progress) and what went wrong. A
 * visitor is asked to sign in; a paid item on a free account says it needs the Pro plan.
 */
export function InstallControls({ item }: { item: MarketplaceItem }) {
  const { data: user } = useCurrentUser();
  const install = useInstall();
  const uninstall = useUninstall();
  const state = item.install?.state;
  const busy = install.isPending || uninstall.isPending;
  const failure = install.error ?? uninstall.error;
  const label = item.title;

  let actions: ReactNode;
  if (!user) {
    actions = (
      <Link to={loginUrlReturningTo("/marketplace")} className={buttonClasses("outline", "sm")}>
        Sign in to install
      </Link>
    );
  } else if (!state && item.needsPro && !hasPro(user)) {
    actions = (
      <Button size="sm" variant="outline" disabled aria-label={`${label} needs the Pro plan`}>
        <Lock aria-hidden="true" />
        Needs Pro plan
      </Button>
    );
  } else if (!state) {
    actions = (
      <Button
        size="sm"
        disabled={busy}
        onClick={() => install.mutate(item.id)}
        aria-label={`Install ${label}`}
      >
        {install.isPending ? (
          <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
        ) : (
          <Download aria-hidden="true" />
        )}
        {install.isPending ? "Installing…" : "Install"}
      </Button>
    );
  } else {
    actions = (
      <>
        {state === "failed" ? (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => install.mutate(item.id)}
            aria-label={`Retry installing ${label}`}
          >
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={busy || (state === "installing" && item.install?.progress === null)}
          onClick={() => uninstall.mutate(item.id)}
          aria-label={`Uninstall ${label}`}
        >
          {uninstall.isPending ? (
            <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          {uninstall.isPending ? "Uninstalling…" : "Uninstall"}
        </Button>
      </>
    );
  }

  const percent = progressPercent(item.install);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
      {!state && item.needsPro && user && !hasPro(user) ? (
        <p className="text-xs text-muted-foreground">Pro and Executive Access accounts can install it.</p>
      ) : null}
      {state === "installing" && item.install ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Installing ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent ?? 5}%` }} />
          </div>
          <p className="text-xs text-muted-foreground">{progressText(item.install)}</p>
        </div>
      ) : null}
      {state === "failed" && item.install?.message ? (
        <p role="alert" className="text-sm text-danger-text">
          {item.install.message}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(
            failure,
            install.error ? `${label} could not be installed.` : `${label} could not be uninstalled.`,
          )}
        </p>
      ) : null}
    </div>
  );
}
