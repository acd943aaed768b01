import { useId } from "react";

/** A labelled slider (a native range input: arrow keys, Page Up/Down, Home/End) showing its value. */
export function RangeField({
  label,
  value,
  min,
  max,
  step = 1,
  format = String,
  disabled,
  onValueChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  /** How the value reads, e.g. `25 min` (also what a screen reader announces). */
  format?: (value: number) => string;
  disabled?: boolean;
  onValueChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output htmlFor={id} className="tabular-nums text-muted-foreground">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={format(value)}
        onChange={(e) => onValueChange(Number(e.currentTarget.value))}
        className="h-2 w-full cursor-pointer accent-[var(--primary)] disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      />
    </div>
  );
}
