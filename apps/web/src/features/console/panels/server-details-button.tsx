import { Info } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

/** The details popover (and its positioning library) loads the first time it is opened. */
const Loaded = lazy(() => import("./server-details").then((m) => ({ default: m.ServerDetails })));

/** The header's "Server and account details" button, also before its popover has loaded. */
export function ServerDetailsTrigger(props: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" aria-label="Server and account details" {...props}>
      <Info aria-hidden="true" />
    </Button>
  );
}

/** The server's health and the signed-in account: the popover loads and opens on the first press. */
export function ServerDetailsButton() {
  const [used, setUsed] = useState(false);
  if (!used) return <ServerDetailsTrigger onClick={() => setUsed(true)} />;
  return (
    <Suspense fallback={<ServerDetailsTrigger />}>
      <Loaded initiallyOpen />
    </Suspense>
  );
}
