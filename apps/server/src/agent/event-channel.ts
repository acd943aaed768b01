/**
 * A queue between a producer that pushes events and a consumer that iterates them. A push
 * resolves once the consumer has taken the event and asked for the next one, so a producer
 * that awaits it knows the consumer has handled it (stored it, say).
 */
export class EventChannel<T> {
  private readonly items: { event: T; taken(): void }[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  push(event: T): Promise<void> {
    return new Promise((taken) => {
      this.items.push({ event, taken });
      this.wake?.();
    });
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item) {
        yield item.event;
        item.taken();
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }
}
