import { Sparkles } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

/** The model picker's popover (and its positioning library) loads the first time it is opened. */
const Loaded = lazy(() => import("./regenerate-with").then((m) => ({ default: m.RegenerateWith })));

/** The "Regenerate with another model" button: the popover's trigger, also before it has loaded. */
export function RegenerateWithTrigger(props: ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 text-muted-foreground hover:text-foreground"
      aria-label="Regenerate with another model"
      title="Regenerate with another model"
      {...props}
    >
      <Sparkles aria-hidden="true" />
    </Button>
  );
}

/** Regenerate with a model picked in a popover, for this reply only: it loads on first press. */
export function RegenerateWithButton(props: { onRegenerate: (value: string) => void; disabled: boolean }) {
  const [used, setUsed] = useState(false);
  if (!used) return <RegenerateWithTrigger disabled={props.disabled} onClick={() => setUsed(true)} />;
  return (
    <Suspense fallback={<RegenerateWithTrigger disabled />}>
      <Loaded {...props} initiallyOpen />
    </Suspense>
  );
}
