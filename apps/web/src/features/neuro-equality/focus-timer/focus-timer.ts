/** Spec: session duration 1–60 min, default 25. */
export const MIN_MINUTES = 1;
export const MAX_MINUTES = 60;
export const DEFAULT_MINUTES = 25;

const MINUTE_MS = 60_000;

/**
 * ready: the chosen duration, not started; running: counting down to `endsAt`; paused: holding
 * `remainingMs`; complete: reached 00:00 and stopped.
 */
export type TimerStatus = "ready" | "running" | "paused" | "complete";

export interface TimerState {
  minutes: number;
  status: TimerStatus;
  /** What is left; while running, as of the last tick (the truth is `endsAt`). */
  remainingMs: number;
  /** The clock time (Date.now()) the session ends, while running. */
  endsAt: number | null;
}

/** A whole number of minutes within the spec's range. */
export function validMinutes(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= MIN_MINUTES && minutes <= MAX_MINUTES;
}

/** A remembered duration (`{ minutes }`), or null when there is none or it is not 1–60 whole minutes. */
export function storedMinutes(value: unknown): number | null {
  if (typeof value !== "object" || value === null) return null;
  const minutes = (value as { minutes?: unknown }).minutes;
  return typeof minutes === "number" && validMinutes(minutes) ? minutes : null;
}

/** A timer set to `minutes` (the default when that is not a valid duration), not started. */
export function createTimer(minutes: number = DEFAULT_MINUTES): TimerState {
  const chosen = validMinutes(minutes) ? minutes : DEFAULT_MINUTES;
  return { minutes: chosen, status: "ready", remainingMs: chosen * MINUTE_MS, endsAt: null };
}

/** Starts (or resumes) counting down from `now`; a complete timer starts a new session. */
export function start(state: TimerState, now: number): TimerState {
  if (state.status === "running") return state;
  const remainingMs = state.status === "complete" ? state.minutes * MINUTE_MS : state.remainingMs;
  return { ...state, status: "running", remainingMs, endsAt: now + remainingMs };
}

/** Holds the time left as of `now`. */
export function pause(state: TimerState, now: number): TimerState {
  if (state.status !== "running" || state.endsAt === null) return state;
  const remainingMs = Math.max(0, state.endsAt - now);
  if (remainingMs === 0) return { ...state, status: "complete", remainingMs, endsAt: null };
  return { ...state, status: "paused", remainingMs, endsAt: null };
}

/** The time left as of `now`, read from the clock; at 00:00 the timer stops as complete. */
export function tick(state: TimerState, now: number): TimerState {
  if (state.status !== "running" || state.endsAt === null) return state;
  const remainingMs = Math.max(0, state.endsAt - now);
  if (remainingMs === 0) return { ...state, status: "complete", remainingMs: 0, endsAt: null };
  if (remainingMs === state.remainingMs) return state;
  return { ...state, remainingMs };
}

/** Back to the chosen duration, stopped. */
export function reset(state: TimerState): TimerState {
  return createTimer(state.minutes);
}

/**
 * A new duration resets the display; refused (the same state back) while running or when it is
 * not a whole number of minutes from 1 to 60.
 */
export function setDuration(state: TimerState, minutes: number): TimerState {
  if (state.status === "running" || !validMinutes(minutes)) return state;
  return createTimer(minutes);
}

/** Whole seconds shown: rounded up, so a fresh 25-minute timer reads 25:00 and only 0 reads 00:00. */
export function secondsShown(remainingMs: number): number {
  return Math.ceil(Math.max(0, remainingMs) / 1000);
}

/** mm:ss, e.g. 25:00, 04:07, 00:00 (60:00 for an hour). */
export function formatClock(remainingMs: number): string {
  const seconds = secondsShown(remainingMs);
  const mm = String(Math.floor(seconds / 60)).padStart(2, "0");
  const ss = String(seconds % 60).padStart(2, "0");
  return `${mm}:${ss}`;
}

/** How long until the shown second changes (the next tick), at least 1 ms. */
export function msToNextSecond(state: TimerState): number {
  const partial = state.remainingMs % 1000;
  return partial === 0 ? 1000 : partial;
}

/** Said in words for a screen reader, e.g. "24 minutes 59 seconds". */
export function spokenTime(remainingMs: number): string {
  const seconds = secondsShown(remainingMs);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? "minute" : "minutes"}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? "second" : "seconds"}`);
  return parts.join(" ");
}
