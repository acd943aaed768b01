import type { Page } from "@playwright/test";

/** One oscillator the page made: its tone as started, its gain node's value now, whether it was stopped. */
export interface RecordedOscillator {
  frequency: number | null;
  type: string | null;
  gain: number | null;
  started: boolean;
  stopped: boolean;
}

/**
 * Records the page's audio graph from its next load: every oscillator the page's AudioContext
 * makes (the real one, still played), its frequency and wave when started, the gain node it feeds,
 * and whether it was stopped. Read it with `oscillators(page)`.
 */
export async function recordAudioGraph(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Recorded = {
      node: OscillatorNode;
      frequency: number | null;
      type: string | null;
      gainNode: GainNode | null;
      started: boolean;
      stopped: boolean;
    };
    const recorded: Recorded[] = [];
    (window as unknown as { __oscillators: Recorded[] }).__oscillators = recorded;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      const node = create.call(this);
      const record: Recorded = {
        node,
        frequency: null,
        type: null,
        gainNode: null,
        started: false,
        stopped: false,
      };
      recorded.push(record);
      const start = node.start.bind(node);
      node.start = (when?: number) => {
        record.started = true;
        record.frequency = node.frequency.value;
        record.type = node.type;
        start(when);
      };
      const stop = node.stop.bind(node);
      node.stop = (when?: number) => {
        record.stopped = true;
        stop(when);
      };
      const connect = node.connect.bind(node) as (destination: AudioNode) => AudioNode;
      node.connect = ((destination: AudioNode) => {
        if (destination instanceof GainNode) record.gainNode = destination;
        return connect(destination);
      }) as typeof node.connect;
      return node;
    };
  });
}

/** The oscillators recorded so far, oldest first. */
export async function oscillators(page: Page): Promise<RecordedOscillator[]> {
  return page.evaluate(() => {
    const recorded =
      (
        window as unknown as {
          __oscillators?: {
            frequency: number | null;
            type: string | null;
            gainNode: GainNode | null;
            started: boolean;
            stopped: boolean;
          }[];
        }
      ).__oscillators ?? [];
    return recorded.map((r) => ({
      frequency: r.frequency,
      type: r.type,
      gain: r.gainNode ? r.gainNode.gain.value : null,
      started: r.started,
      stopped: r.stopped,
    }));
  });
}
