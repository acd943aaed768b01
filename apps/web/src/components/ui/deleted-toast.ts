import { errorMessage } from "../../lib/api";
import { toast } from "./use-toast";

/**
 * The toast after something went to the trash: its Undo calls `restore` (the trash gives it
 * back where it was) and says how that went.
 */
export function toastDeleted(name: string, restore: () => Promise<unknown>): void {
  const undo = () =>
    void restore().then(
      () => toast({ title: "Restored", description: `${name} is back.` }),
      (err) =>
        toast({
          variant: "destructive",
          title: "Not restored",
          description: errorMessage(err, `${name} could not be restored. It is in the trash in Files.`),
        }),
    );
  toast({
    title: "Deleted",
    description: `${name} was deleted. It stays in the trash for 30 days.`,
    action: { label: "Undo", run: undo },
  });
}
