import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { TextField } from "@/components/ui/text-field";
import { cn } from "@/lib/cn";

const controlClasses =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-danger-text disabled:opacity-60";

/** A labelled native select with its hint and error message underneath. */
export function SelectField({
  label,
  error,
  hint,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <select {...control} className={cn(controlClasses, "h-10")} {...props}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A labelled text area with its error message underneath. */
export function TextareaField({
  label,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  return (
    <Field label={label} error={error}>
      {(control) => <textarea {...control} className={cn(controlClasses, "min-h-24 py-2")} {...props} />}
    </Field>
  );
}

/** A checkbox with its label and an optional line of explanation. */
export function CheckboxField({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5"
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The model temperature (0 to 2, in steps of 0.1), as text so a half-typed value stays put. */
export function TemperatureField({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      name="temperature"
      label="Temperature"
      type="number"
      inputMode="decimal"
      step="0.1"
      min={0}
      max={2}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
