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
    const recent = this.recent(account, now);
    if (recent.length < this.maxFailures) return 0;
    return Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
  }

  fail(account: string, now = Date.now()): void {
    const recent = this.recent(account, now);
    recent.push(now);
    this.failures.set(account, recent);
    if (this.failures.size > 50_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(account: string): void {
    this.failures.delete(account);
  }

  private recent(account: string, now: number): number[] {
    return (this.failures.get(account) ?? []).filter((t) => now - t < this.windowMs);
  }
}
