import { useEffect } from "react";
import { useBlocker } from "react-router";
import { useAllUnsaved } from "../lib/unsaved-changes";
import { Button } from "./ui/button";
import { Dialog } from "./ui/dialog";

/**
 * The web app's one guard for unsaved edits (mounted once, in the signed-in shell): while any
 * screen declares some (`useUnsavedChanges`), leaving the screen inside the app asks first (Stay,
 * or Leave without saving), and reloading or closing the tab gets the browser's own question.
 */
export function UnsavedChangesGuard() {
  const edits = useAllUnsaved();
  const unsaved = edits.length > 0;
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

  const first = edits[0];
  if (blocker.state !== "blocked" || !first) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && blocker.reset()}
      title="Leave without saving?"
      description={edits.map((e) => `${e.what} not saved. ${e.consequence}`).join(" ")}
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
