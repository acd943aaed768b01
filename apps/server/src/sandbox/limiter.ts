import { AppError } from "../http/errors";

/** How a full slot is reported: what the work is called, and the status when the server is full. */
export interface SlotWords {
  noun: string;
  busyStatus: 429 | 503;
}

/** The refusal of one more job to a person who has `running` of them running. */
export const tooManyJobs = (running: number, noun = "job") =>
  new AppError(
    429,
    "rate_limited",
    `You already have ${running} ${noun}${running === 1 ? "" : "s"} running; wait for one to finish`,
  );

/** Caps the jobs running at once: per user, and for the whole server. */
export class JobSlots {
  private readonly running = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perUser: number,
    private readonly max: number,
    private readonly words: SlotWords = { noun: "job", busyStatus: 503 },
  ) {}

  /** Jobs running now on the whole server. */
  get runningTotal(): number {
    return this.total;
  }

  /** Takes a slot for `userId` or throws 429/503; call the returned function once done. */
  acquire(userId: string): () => void {
    const mine = this.running.get(userId) ?? 0;
    const { noun, busyStatus } = this.words;
    if (mine >= this.perUser) throw tooManyJobs(mine, noun);
    if (this.total >= this.max)
      throw new AppError(
        busyStatus,
        busyStatus === 429 ? "rate_limited" : "service_unavailable",
        `The server is busy running other ${noun}s; try again shortly`,
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
