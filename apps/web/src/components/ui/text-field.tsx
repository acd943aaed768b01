import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "./field";
import { Input } from "./input";
import { PasswordInput } from "./password-input";

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The validation message shown under the input. */
  error?: string;
  /** A line of help under the input. */
  hint?: ReactNode;
}

/** A labelled input with its error message underneath; password inputs get a show/hide toggle. */
export function TextField({ name, label, error, hint, type = "text", ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) =>
        type === "password" ? (
          <PasswordInput toggleLabel={label.toLowerCase()} name={name} {...control} {...props} />
        ) : (
          <Input type={type} name={name} {...control} {...props} />
        )
      }
    </Field>
  );
}
