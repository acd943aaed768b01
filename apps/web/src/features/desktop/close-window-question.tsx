import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { UnsavedEdits } from "@/lib/unsaved-changes";

/** Asked before a window holding unsaved edits closes: Stay, or close without saving. */
export function CloseWindowQuestion({
  title,
  edits,
  onStay,
  onClose,
}: {
  title: string;
  edits: readonly UnsavedEdits[];
  onStay: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onStay()}
      title={`Close ${title} without saving?`}
      description={edits.map((e) => `${e.what} not saved. ${e.consequence}`).join(" ")}
    >
      <div className="flex flex-wrap justify-end gap-2 p-5">
        <Button variant="outline" onClick={onStay}>
          Stay
        </Button>
        <Button variant="destructive" onClick={onClose}>
          Close without saving
        </Button>
      </div>
    </Dialog>
  );
}
