import {
  agentPresetPayloadSchema,
  type CatalogueEntry,
  categoryOfKind,
  type MarketplaceFilter,
  type MarketplaceInstall,
  type MarketplaceItem,
  type MarketplaceKind,
  promptTemplatePayloadSchema,
} from "@neuroos/contracts";
import type { PublishedEntry } from "./entries";
import type { InstallProgress } from "./installer";
import type { InstallRow, ItemStats } from "./installs";

/** One item of the marketplace, from the catalogue or published by someone, before it is shown. */
export interface Listing {
  id: string;
  kind: MarketplaceKind;
  title: string;
  shortDescription: string;
  description: string;
  imageUrl: string | null;
  price: number;
  payload: unknown;
  publisher: { id: string; username: string } | null;
  visibility: "public" | "private";
}

export function catalogueListing(entry: CatalogueEntry): Listing {
  return { ...entry, publisher: null, visibility: "public" };
}

export function publishedListing(entry: PublishedEntry): Listing {
  const schema = entry.kind === "agent-preset" ? agentPresetPayloadSchema : promptTemplatePayloadSchema;
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    shortDescription: entry.shortDescription,
    description: entry.description,
    imageUrl: null,
    price: 0,
    payload: schema.parse(entry.payload),
    publisher: { id: entry.ownerId, username: entry.publisher },
    visibility: entry.visibility,
  };
}

/** Whether a catalogue entry passes the filter (published entries are filtered by the database). */
export function matches(listing: Listing, filter: { search?: string; category: MarketplaceFilter }): boolean {
  if (filter.category !== "all" && categoryOfKind[listing.kind] !== filter.category) return false;
  if (!filter.search) return true;
  const needle = filter.search.toLowerCase();
  return [listing.title, listing.shortDescription, listing.description].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

function installOf(row: InstallRow | undefined, progress: InstallProgress | null): MarketplaceInstall | null {
  if (!row) return null;
  if (row.state === "installing")
    return { state: "installing", progress: null, message: "Installing", rating: null };
  return { ...(progress ?? { state: "installed", progress: null, message: null }), rating: row.rating };
}

/** The item as the API shows it (spec fields, and the person's install). */
export function presentItem(
  listing: Listing,
  effect: string,
  stats: ItemStats | undefined,
  install: { row: InstallRow | undefined; progress: InstallProgress | null },
): MarketplaceItem {
  return {
    id: listing.id,
    title: listing.title,
    description: listing.description,
    shortDescription: listing.shortDescription,
    category: categoryOfKind[listing.kind],
    imageUrl: listing.imageUrl,
    rating: stats?.rating === null || stats?.rating === undefined ? null : Math.round(stats.rating * 10) / 10,
    ratingCount: stats?.ratingCount ?? 0,
    downloadCount: stats?.downloads ?? 0,
    price: listing.price,
    kind: listing.kind,
    effect,
    needsPro: listing.price > 0,
    publisher: listing.publisher,
    visibility: listing.visibility,
    appId: listing.kind === "app-shortcut" ? (listing.payload as { appId: string }).appId : null,
    install: installOf(install.row, install.progress),
  };
}
