import { Button } from "./button";

/**
 * The end of a dialog's form: the failure if any (announced), then Cancel and the submit button,
 * which says `pendingLabel` and is disabled while `pending`.
 */
export function FormActions({
  error,
  pending,
  disabled,
  label,
  pendingLabel,
  onCancel,
}: {
  error?: string | null;
  pending: boolean;
  /** Disabled for another reason than `pending` (nothing chosen yet). */
  disabled?: boolean;
  label: string;
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-danger-text">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || disabled}>
          {pending ? pendingLabel : label}
        </Button>
      </div>
    </>
  );
}
