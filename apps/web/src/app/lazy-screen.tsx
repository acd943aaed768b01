import { type ComponentType, lazy, Suspense } from "react";
import { Spinner } from "../components/ui/spinner";

/**
 * A route element whose screen loads on first visit, with a visible loading state meanwhile.
 * Call it once per screen at module level (it makes the lazy component).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<Spinner label="Loading…" />}>
      <Screen />
    </Suspense>
  );
}

/** `lazyScreen` for a module that exports its screen by name. */
export function lazyNamed<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  return lazyScreen(() => load().then((m) => ({ default: pick(m) })));
}
