import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";

/**
 * The web app's one guard for unsaved edits: while `unsaved`, leaving the screen inside the app
 * asks first (Stay, or Leave without saving), and reloading or closing the tab gets the
 * browser's own question (`beforeunload`). Render it on any screen that holds edits not yet saved.
 */
export function UnsavedChangesGuard({
  unsaved,
  what,
  consequence = "If you leave now, they are lost.",
}: {
  unsaved: boolean;
  /** Whose changes, as the question names them ('Your changes to index.ts are'). */
  what: string;
  /** What leaving does to them. */
  consequence?: string;
}) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when this is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved]);
  // Saved meanwhile (or the edits undone): the navigation that waited goes on.
  useEffect(() => {
    if (blocker.state === "blocked" && !unsaved) blocker.proceed();
  }, [blocker, unsaved]);

  if (blocker.state !== "blocked") return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && blocker.reset()}
      title="Leave without saving?"
      description={`${what} not saved. ${consequence}`}
    >
      <div className="flex flex-wrap justify-end gap-2 p-5">
        <Button variant="outline" onClick={() => blocker.reset()}>
          Stay
        </Button>
        <Button variant="destructive" onClick={() => blocker.proceed()}>
          Leave without saving
        </Button>
      </div>
    </Dialog>
  );
}
