/**
 * The abort signal of one model call: it fires when the caller's signal does, or when the
 * call has been idle for `timeoutMs` (`refresh()` on each sign of life restarts the wait).
 */
export class CallDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;
  private readonly onAbort = () => this.controller.abort();

  constructor(
    timeoutMs: number,
    private readonly caller?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.expired = true;
      this.controller.abort();
    }, timeoutMs);
    if (caller?.aborted) this.onAbort();
    caller?.addEventListener("abort", this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the call ended because the time ran out. */
  get timedOut(): boolean {
    return this.expired;
  }

  refresh(): void {
    this.timer.refresh();
  }

  /** Stops the clock and aborts whatever of the call is still going. */
  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener("abort", this.onAbort);
    this.controller.abort();
  }
}
