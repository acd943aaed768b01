/**
 * Per-account limit on failed sign-ins (the per-IP limit is the rate-limit plugin's):
 * after `maxFailures` failures within `windowMs`, that account refuses sign-in until the
 * window has passed.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 5,
    private readonly windowMs = 15 * 60_000,
  ) {}

  /** Seconds to wait before the next try, or 0 when a try is allowed. */
  retryAfter(account: string, now = Date.now()): number {
    account = account.toLowerCase();
    const recent = this.recent(account, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
  }

  fail(account: string, now = Date.now()): void {
    account = account.toLowerCase();
    const recent = this.recent(account, now);
    recent.push(now);
    this.failures.set(account, recent);
    if (this.failures.size > 50_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  /** A successful sign-in or a completed password reset ends the account's lockout. */
  succeed(account: string): void {
    this.failures.delete(account.toLowerCase());
  }

  private recent(account: string, now: number): number[] {
    return (this.failures.get(account) ?? []).filter((t) => now - t < this.windowMs);
  }
}

const units = [
  { seconds: 3600, name: "hour" },
  { seconds: 60, name: "minute" },
  { seconds: 1, name: "second" },
] as const;

/** A wait for people: "15 minutes", "1 hour", "45 seconds" (rounded up in the largest unit). */
export function waitInWords(seconds: number): string {
  const unit = units.find((u) => seconds >= u.seconds) ?? units[2];
  const count = Math.max(1, Math.ceil(seconds / unit.seconds));
  return `${count} ${unit.name}${count === 1 ? "" : "s"}`;
}
