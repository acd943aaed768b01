import { type InputHTMLAttributes, useId } from "react";
import { Input } from "./input";
import { Label } from "./label";
import { PasswordInput } from "./password-input";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The validation message shown under the input. */
  error?: string;
}

/** A labelled input with its error message underneath; password inputs get a show/hide toggle. */
export function TextField({ name, label, error, type = "text", ...props }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const inputProps = {
    id,
    name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    ...props,
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {type === "password" ? (
        <PasswordInput toggleLabel={label.toLowerCase()} {...inputProps} />
      ) : (
        <Input type={type} {...inputProps} />
      )}
      {error ? (
        <p id={errorId} className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
