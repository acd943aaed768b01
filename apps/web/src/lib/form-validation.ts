import { type FormEvent, useState } from "react";
import type { ZodError, ZodType, z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first message of each top-level field of a zod error. */
export function fieldErrors(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Validates a form with a contracts schema when it is submitted: on failure the messages are
 * kept per field and the first invalid input gets focus; on success `onValid` gets the data.
 */
export function useValidatedForm<S extends ZodType>(
  schema: S,
  onValid: (data: z.output<S>) => void,
  extraValues?: () => Record<string, unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = { ...Object.fromEntries(new FormData(form)), ...extraValues?.() };
    const result = schema.safeParse(values);
    if (!result.success) {
      const found = fieldErrors(result.error);
      setErrors(found);
      const first = Object.keys(found).find((name) => form.elements.namedItem(name) instanceof HTMLElement);
      if (first) (form.elements.namedItem(first) as HTMLElement).focus();
      return;
    }
    setErrors({});
    onValid(result.data);
  }

  return { errors, setErrors, handleSubmit };
}
