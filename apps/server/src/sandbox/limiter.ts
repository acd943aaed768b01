import { AppError } from "../http/errors";

/** Caps the jobs running at once: per user, and for the whole server. */
export class JobSlots {
  private readonly running = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perUser: number,
    private readonly max: number,
  ) {}

  /** Jobs running now on the whole server. */
  get runningTotal(): number {
    return this.total;
  }

  /** Takes a slot for `userId` or throws 429/503; call the returned function once done. */
  acquire(userId: string): () => void {
    const mine = this.running.get(userId) ?? 0;
    if (mine >= this.perUser)
      throw new AppError(
        429,
        "rate_limited",
        `You already have ${mine} job${mine === 1 ? "" : "s"} running; wait for one to finish`,
      );
    if (this.total >= this.max)
      throw new AppError(
        503,
        "service_unavailable",
        "The server is busy running other jobs; try again shortly",
        undefined,
        {
          "retry-after": "2",
        },
      );
    this.running.set(userId, mine + 1);
    this.total += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }
}
