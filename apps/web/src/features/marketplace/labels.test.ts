import { describe, expect, it } from "vitest";
import { formatDownloads, formatPrice, formatRating, hasPro, progressPercent } from "./labels";

describe("marketplace labels", () => {
  it("shows prices with two decimals and free items as Free", () => {
    expect(formatPrice(0)).toBe("Free");
    expect(formatPrice(19.99)).toBe("$19.99");
    expect(formatPrice(5)).toBe("$5.00");
    expect(formatPrice(4.5)).toBe("$4.50");
  });

  it("says when nobody rated yet, and counts downloads", () => {
    expect(formatRating({ rating: null, ratingCount: 0 })).toBe("No ratings yet");
    expect(formatRating({ rating: 3.666, ratingCount: 3 })).toBe("3.7 out of 5 (3 ratings)");
    expect(formatRating({ rating: 5, ratingCount: 1 })).toBe("5.0 out of 5 (1 rating)");
    expect(formatDownloads(1)).toBe("1 download");
    expect(formatDownloads(12345)).toBe("12,345 downloads");
  });

  it("knows Pro accounts and measures progress", () => {
    const user = { id: "u", email: "e", username: "n", role: "user", createdAt: "" } as const;
    expect(hasPro({ ...user, plan: "free", executiveAccess: false })).toBe(false);
    expect(hasPro({ ...user, plan: "pro", executiveAccess: false })).toBe(true);
    expect(hasPro({ ...user, plan: "pro", executiveAccess: true })).toBe(true);
    expect(hasPro(null)).toBe(false);
    const install = { state: "installing" as const, message: null, rating: null };
    expect(progressPercent({ ...install, progress: { done: 50, total: 200, unit: "bytes" } })).toBe(25);
    expect(progressPercent({ ...install, progress: { done: 5, total: null, unit: "bytes" } })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });
});
