import { errorMessage } from "@/lib/api";
import { toast } from "@/lib/toast";

/**
 * The toast after something went to the trash: its Undo calls `restore` (the trash gives it
 * back where it was) and says how that went. `many` when `name` stands for several things.
 */
export function toastDeleted(
  name: string,
  /** Resolves with words of its own (a string) when only part came back. */
  restore: () => Promise<unknown>,
  many = false,
): void {
  const undo = () =>
    void restore().then(
      (words) =>
        toast({
          title: "Restored",
          description: typeof words === "string" ? words : `${name} ${many ? "are" : "is"} back.`,
        }),
      (err) =>
        toast({
          variant: "destructive",
          title: "Not restored",
          description: errorMessage(
            err,
            `${name} could not be restored. ${many ? "They are" : "It is"} in the trash in Files.`,
          ),
        }),
    );
  toast({
    title: "Deleted",
    description: many
      ? `${name} were deleted. They stay in the trash for 30 days.`
      : `${name} was deleted. It stays in the trash for 30 days.`,
    action: { label: "Undo", run: undo },
  });
}
