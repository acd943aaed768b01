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
 * The schema may be given as a loader (a dynamic import of the contracts): pages that are often
 * a visitor's first (sign-in, sign-up) then load the validation library at the first submit,
 * not with the page.
 */
export function useValidatedForm<S extends ZodType>(
  schema: S | (() => Promise<S>),
  onValid: (data: z.output<S>) => void,
  extraValues?: () => Record<string, unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = { ...Object.fromEntries(new FormData(form)), ...extraValues?.() };
    if (typeof schema === "function") void schema().then((loaded) => validate(loaded, form, values));
    else validate(schema, form, values);
  }

  function validate(schema: S, form: HTMLFormElement, values: Record<string, unknown>) {
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

/** After the errors render, the form's first invalid input gets focus. */
export function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
}
