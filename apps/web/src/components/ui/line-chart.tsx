import { useId } from "react";

export interface ChartSeries {
  label: string;
  /** One value per point, oldest first. */
  values: number[];
  /** A CSS colour (theme variables welcome). */
  color: string;
}

const WIDTH = 300;
const HEIGHT = 80;

/**
 * A small line chart of series over the same points (SVG, scales to its box). The figure is
 * named for screen readers by `summary` (the latest values); the y axis runs from 0 to `max`
 * (or the largest value).
 */
export function LineChart({
  series,
  summary,
  max,
  unit = "",
}: {
  series: ChartSeries[];
  summary: string;
  max?: number;
  unit?: string;
}) {
  const titleId = useId();
  const points = Math.max(2, ...series.map((s) => s.values.length));
  const top = max ?? Math.max(1, ...series.flatMap((s) => s.values));
  const path = (values: number[]) =>
    values
      .map((v, i) => {
        const x = ((i + points - values.length) / (points - 1)) * WIDTH;
        const y = HEIGHT - (Math.min(v, top) / top) * HEIGHT;
        return `${i === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(" ");
  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-20 w-full rounded-md border border-border bg-muted/30"
      >
        <title id={titleId}>{summary}</title>
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT / 2}
          y2={HEIGHT / 2}
          className="stroke-border"
          strokeDasharray="4 4"
        />
        {series.map((s) =>
          s.values.length > 0 ? (
            <path
              key={s.label}
              d={path(s.values)}
              fill="none"
              stroke={s.color}
              strokeWidth="2"
              vectorEffect="non-scaling-stroke"
            />
          ) : null,
        )}
      </svg>
      <figcaption className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
        <span>
          0–{Math.round(top * 10) / 10}
          {unit}
        </span>
        {series.length > 1
          ? series.map((s) => (
              <span key={s.label} className="flex items-center gap-1">
                <span
                  aria-hidden="true"
                  className="inline-block size-2 rounded-full"
                  style={{ background: s.color }}
                />
                {s.label}
              </span>
            ))
          : null}
      </figcaption>
    </figure>
  );
}
