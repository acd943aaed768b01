import type { MarketplaceCategory, MarketplaceFilter, MarketplaceItem, User } from "@neuroos/contracts";

/** The category filter's choices (spec: all, ai-model, tool, template, service). */
export const filterLabels: Record<MarketplaceFilter, string> = {
  all: "All categories",
  "ai-model": "AI models",
  tool: "Tools",
  template: "Templates",
  service: "Services",
};

export const categoryLabels: Record<MarketplaceCategory, string> = {
  "ai-model": "AI model",
  tool: "Tool",
  template: "Template",
  service: "Service",
};

/** Spec: the price with 2 decimals; a free item says so. */
export function formatPrice(price: number): string {
  return price > 0 ? `$${price.toFixed(2)}` : "Free";
}

export function formatRating(item: Pick<MarketplaceItem, "rating" | "ratingCount">): string {
  if (item.rating === null || item.ratingCount === 0) return "No ratings yet";
  return `${item.rating.toFixed(1)} out of 5 (${item.ratingCount} ${item.ratingCount === 1 ? "rating" : "ratings"})`;
}

export function formatDownloads(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "download" : "downloads"}`;
}

/** Pro and Executive Access accounts install paid items. */
export const hasPro = (user: User | null | undefined) =>
  Boolean(user && (user.plan === "pro" || user.executiveAccess));

/** How far an install under way is, 0-100 (null: not measurable yet). */
export function progressPercent(install: MarketplaceItem["install"]): number | null {
  const progress = install?.progress;
  if (!progress?.total) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
