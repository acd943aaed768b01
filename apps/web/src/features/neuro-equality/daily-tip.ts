/** Spec: the Daily Tip card advises regular breaks; the others rotate, one a day. */
export const dailyTips = [
  "Take regular breaks: a few minutes away from the screen every 25 to 50 minutes helps you stay focused.",
  "Break a big task into small steps, and move each one to Done as you finish it.",
  "Put the day's appointments in the calendar, so you do not have to keep them in your head.",
  "When things feel loud, try a calm sound or three slow breaths with the breathing guide.",
  "Say it your way: the communication board can build a sentence from several tiles.",
  "Learning a little every day adds up: one short lesson counts.",
  "It is fine to change your settings as your day changes: larger text, calmer colours, less motion.",
] as const;

/** The tip of a day (the same all day, a different one each day; breaks first on day zero). */
export function tipOfTheDay(date: Date): string {
  const day = Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
  return dailyTips[day % dailyTips.length] ?? dailyTips[0];
}
