import { Check, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { applyHunks, hunksOf } from "./hunks";

/** Lines with a diff sign in front ('- old', '+ new'); nothing for no lines. */
const signed = (text: string, sign: string) =>
  text
    ? text
        .replace(/\n$/, "")
        .split("\n")
        .map((line) => `${sign} ${line}`)
        .join("\n")
    : "";

/** A proposed edit of the open file, hunk by hunk: accept or reject each, then apply. */
export function DiffReview({
  fileName,
  before,
  after,
  onApply,
  onClose,
}: {
  fileName: string;
  before: string;
  after: string;
  onApply: (content: string) => void;
  onClose: () => void;
}) {
  const parts = useMemo(() => hunksOf(before, after), [before, after]);
  const hunks = parts.flatMap((p) => (p.kind === "hunk" ? [p.hunk] : []));
  const [accepted, setAccepted] = useState<Set<number>>(() => new Set(hunks.map((h) => h.index)));
  const toggle = (index: number, accept: boolean) =>
    setAccepted((set) => {
      const next = new Set(set);
      if (accept) next.add(index);
      else next.delete(index);
      return next;
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Apply to ${fileName}`}
      description={`${hunks.length} change${hunks.length === 1 ? "" : "s"}: accept or reject each.`}
    >
      <div className="grid max-h-[70dvh] gap-3 overflow-y-auto p-4">
        {hunks.length === 0 ? <p className="text-sm">The code is the same as the file.</p> : null}
        {hunks.map((hunk) => {
          const on = accepted.has(hunk.index);
          return (
            <section
              key={hunk.index}
              aria-label={`Change ${hunk.index + 1} at line ${hunk.line}`}
              className={cn(
                "grid gap-1 rounded-md border p-2",
                on ? "border-primary" : "border-border opacity-70",
              )}
            >
              <div className="flex items-center gap-2 text-xs">
                <span className="flex-1 font-medium">
                  Change {hunk.index + 1}, line {hunk.line}
                </span>
                <Button
                  size="sm"
                  variant={on ? "primary" : "outline"}
                  aria-pressed={on}
                  onClick={() => toggle(hunk.index, true)}
                >
                  <Check aria-hidden="true" /> Accept
                </Button>
                <Button
                  size="sm"
                  variant={on ? "outline" : "primary"}
                  aria-pressed={!on}
                  onClick={() => toggle(hunk.index, false)}
                >
                  <X aria-hidden="true" /> Reject
                </Button>
              </div>
              <pre className="overflow-x-auto font-mono text-xs">
                {[signed(hunk.removed, "-"), signed(hunk.added, "+")].filter(Boolean).join("\n")}
              </pre>
            </section>
          );
        })}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onApply(applyHunks(parts, accepted))} disabled={hunks.length === 0}>
            Apply {accepted.size} of {hunks.length}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
