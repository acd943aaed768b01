import { type ButtonHTMLAttributes, useId } from "react";
import { cn } from "@/lib/cn";

/** An on/off setting: a labelled switch (role switch, Space or Enter toggles), with an optional hint. */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
  controlProps,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** More attributes for the switch itself (data attributes, extra classes). */
  controlProps?: ButtonHTMLAttributes<HTMLButtonElement> & Record<`data-${string}`, string | boolean>;
}) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </div>
      <button
        {...controlProps}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          checked ? "border-primary bg-primary" : "border-input bg-muted",
          controlProps?.className,
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-4 rounded-full transition-transform",
            checked ? "translate-x-5 bg-primary-foreground" : "translate-x-0.5 bg-foreground",
          )}
        />
      </button>
    </div>
  );
}
