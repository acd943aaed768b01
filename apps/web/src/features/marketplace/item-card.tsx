import type { MarketplaceItem } from "@neuroos/contracts";
import { CheckCircle2, Download, EyeOff, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InstallControls } from "./install-controls";
import { ItemImage } from "./item-image";
import { categoryLabels, formatDownloads, formatPrice, formatRating } from "./labels";

/** One item: picture, title, short description, category, rating, downloads, price, installed state. */
export function ItemCard({ item, onOpen }: { item: MarketplaceItem; onOpen: () => void }) {
  const titleId = `item-${item.id}-title`;
  return (
    <li aria-labelledby={titleId} className="min-w-0">
      <Card className="flex h-full flex-col overflow-hidden">
        <ItemImage src={item.imageUrl} />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{categoryLabels[item.category]}</Badge>
            {item.install?.state === "installed" ? (
              <Badge tone="primary">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                Installed
              </Badge>
            ) : null}
            {item.visibility === "private" ? (
              <Badge tone="accent">
                <EyeOff className="size-3" aria-hidden="true" />
                Private
              </Badge>
            ) : null}
          </div>
          <h2 id={titleId} className="text-base leading-tight font-semibold break-words">
            {item.title}
          </h2>
          <p className="text-sm text-muted-foreground">{item.shortDescription}</p>
          <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="sr-only">Rating</dt>
            <dd className="col-span-2 flex items-center gap-1">
              <Star className="size-3.5 fill-current text-amber-500" aria-hidden="true" />
              {formatRating(item)}
            </dd>
            <dt className="sr-only">Downloads</dt>
            <dd className="col-span-2 flex items-center gap-1">
              <Download className="size-3.5" aria-hidden="true" />
              {formatDownloads(item.downloadCount)}
            </dd>
            <dt className="sr-only">Price</dt>
            <dd className="col-span-2 text-sm font-semibold">{formatPrice(item.price)}</dd>
          </dl>
          <div className="grid gap-2">
            <Button
              size="sm"
              variant="ghost"
              className="justify-self-start"
              onClick={onOpen}
              aria-label={`Details of ${item.title}`}
            >
              Details
            </Button>
            <InstallControls item={item} />
          </div>
        </div>
      </Card>
    </li>
  );
}
