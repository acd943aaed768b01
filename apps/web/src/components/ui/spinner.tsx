import { LoaderCircle } from "lucide-react";

/** A centred loading indicator announced to assistive technology. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 p-8 text-muted-foreground">
      <LoaderCircle className="size-5 motion-safe:animate-spin" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
