import * as Popover from "@radix-ui/react-popover";
import { RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ModelSelect } from "./model-select";
import { RegenerateWithTrigger } from "./regenerate-with-button";

/** Regenerate with a model picked here, for this reply only. */
export function RegenerateWith({
  onRegenerate,
  disabled,
  initiallyOpen = false,
}: {
  onRegenerate: (value: string) => void;
  disabled: boolean;
  /** Opened as it mounts (loaded by a press of its button). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [value, setValue] = useState("");
  const id = useId();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <RegenerateWithTrigger disabled={disabled} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          aria-label="Regenerate with another model"
          className="z-50 grid w-72 max-w-[calc(100vw-1rem)] gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-xl outline-none"
        >
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              setOpen(false);
              onRegenerate(value);
            }}
          >
            <label htmlFor={id} className="text-sm font-medium">
              Model for this reply
            </label>
            <ModelSelect id={id} value={value} onChange={setValue} noChoice="The session's model" />
            <Button type="submit" size="sm" disabled={disabled}>
              <RefreshCw aria-hidden="true" />
              Regenerate
            </Button>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
