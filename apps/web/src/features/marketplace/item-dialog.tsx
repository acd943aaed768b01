import type { MarketplaceItem } from "@neuroos/contracts";
import { Star } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api";
import { appRegistry } from "@/lib/apps/registry";
import { cn } from "@/lib/cn";
import { useCurrentUser } from "@/lib/current-user";
import { useRate, useUpdateEntry, useWithdrawEntry } from "@/lib/resources/marketplace";
import { InstallControls } from "./install-controls";
import { ItemImage } from "./item-image";
import { categoryLabels, formatDownloads, formatPrice, formatRating } from "./labels";

/** An app shortcut's app, as the registry lists it (its icon, title and route). */
function PinnedApp({ appId }: { appId: string }) {
  const app = appRegistry.find((a) => a.id === appId);
  if (!app) return null;
  const Icon = app.icon;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Icon className="size-4" aria-hidden="true" />
      <span>
        Pins <strong>{app.title}</strong>.
      </span>
      <Link to={app.route} className="text-link underline-offset-4 hover:underline">
        Open {app.title}
      </Link>
    </p>
  );
}

/** The person's own stars for an item they installed. */
function Rating({ item }: { item: MarketplaceItem }) {
  const rate = useRate();
  const mine = item.install?.rating ?? 0;
  return (
    <fieldset className="grid gap-1">
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <button
            key={stars}
            type="button"
            aria-label={`Rate ${stars} out of 5`}
            aria-pressed={mine === stars}
            disabled={rate.isPending}
            onClick={() => rate.mutate({ id: item.id, stars })}
            className="rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Star
              className={cn("size-5 text-amber-500", stars <= mine && "fill-current")}
              aria-hidden="true"
            />
          </button>
        ))}
      </div>
      {rate.error ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(rate.error, "The rating was not saved.")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** What the owner (withdraw) and the admin (public or private) may do with a published entry. */
function EntryActions({ item, onWithdrawn }: { item: MarketplaceItem; onWithdrawn: () => void }) {
  const { data: user } = useCurrentUser();
  const update = useUpdateEntry();
  const withdraw = useWithdrawEntry();
  if (!item.publisher || !user) return null;
  const mine = item.publisher.id === user.id;
  const admin = user.role === "admin";
  if (!mine && !admin)
    return <p className="text-sm text-muted-foreground">Published by someone else: read-only.</p>;
  const next = item.visibility === "private" ? "public" : "private";
  const failure = update.error ?? withdraw.error;
  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <div className="flex flex-wrap gap-2">
        {admin ? (
          <Button
            size="sm"
            variant={next === "public" ? "primary" : "outline"}
            disabled={update.isPending}
            onClick={() => update.mutate({ id: item.id, input: { visibility: next } })}
          >
            {next === "public" ? "Make public" : "Make private"}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="destructive"
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate(item.id, { onSuccess: onWithdrawn })}
        >
          Withdraw
        </Button>
      </div>
      {mine && !admin && item.visibility === "private" ? (
        <p className="text-xs text-muted-foreground">
          Only you and the admin see it until the admin makes it public.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(failure, "The entry could not be changed.")}
        </p>
      ) : null}
    </div>
  );
}

/** An item's details: the full description, what installing does, install, rating, and its publisher's controls. */
export function ItemDialog({ item, onClose }: { item: MarketplaceItem | null; onClose: () => void }) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item?.title ?? ""}
      description={item?.shortDescription}
      size="lg"
    >
      {item ? (
        <div className="grid gap-5 p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="grid content-start gap-3">
            <ItemImage src={item.imageUrl} className="rounded-lg" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Category</dt>
              <dd>{categoryLabels[item.category]}</dd>
              <dt className="text-muted-foreground">Rating</dt>
              <dd>{formatRating(item)}</dd>
              <dt className="text-muted-foreground">Downloads</dt>
              <dd>{formatDownloads(item.downloadCount)}</dd>
              <dt className="text-muted-foreground">Price</dt>
              <dd className="font-semibold">{formatPrice(item.price)}</dd>
              <dt className="text-muted-foreground">Publisher</dt>
              <dd className="break-words">
                {item.publisher ? item.publisher.username : "NeuroOS catalogue"}{" "}
                {item.visibility === "private" ? <Badge tone="accent">Private</Badge> : null}
              </dd>
            </dl>
          </div>
          <div className="grid content-start gap-4">
            <section aria-label="Description" className="grid gap-2">
              <p className="text-sm whitespace-pre-line">{item.description}</p>
              <p className="text-sm font-medium">{item.effect}</p>
              {item.appId ? <PinnedApp appId={item.appId} /> : null}
            </section>
            <InstallControls item={item} />
            {item.install?.state === "installed" ? <Rating item={item} /> : null}
            <EntryActions item={item} onWithdrawn={onClose} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
