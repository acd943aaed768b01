import { useId, useState } from "react";

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
  // What the slider shows is its own state, set in the change event itself: a value the owner
  // stores later (a query cache notifies on a timer) would let React put the old value back
  // between two quick key presses, and the second press would step from it (1.0 → 1.1 → 1.1).
  const [shown, setShown] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setShown(value);
  }
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <output htmlFor={id} className="tabular-nums text-muted-foreground">
          {format(shown)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={shown}
        disabled={disabled}
        aria-valuetext={format(shown)}
        onChange={(e) => {
          const next = Number(e.currentTarget.value);
          setShown(next);
          onValueChange(next);
        }}
        className="h-2 w-full cursor-pointer accent-[var(--primary)] disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      />
    </div>
  );
}
