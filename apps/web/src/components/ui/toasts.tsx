import { lazy, Suspense, useState } from "react";
import { useToasts } from "@/lib/toast";

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/**
 * Where toasts appear. The toast code loads with the first toast (most first visits show none);
 * a toast raised meanwhile waits in the store and shows once it has loaded.
 */
export function Toasts() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
