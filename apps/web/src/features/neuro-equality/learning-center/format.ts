const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

/** A moment as the person's local calendar date, e.g. 'March 3, 2025'. */
export function formatDay(time: number): string {
  return dayFormat.format(new Date(time));
}
