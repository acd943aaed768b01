import { Check, X } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { applyHunks, type Hunk, hunksOf } from "./hunks";

/** What the review is called and what its choices say (a proposed edit by default). */
export interface ReviewWords {
  title: string;
  description: (changes: number) => string;
  accept: string;
  reject: string;
  apply: (accepted: number, changes: number) => string;
}

const proposedEdit = (fileName: string): ReviewWords => ({
  title: `Apply to ${fileName}`,
  description: (n) => `${n} change${n === 1 ? "" : "s"}: accept or reject each.`,
  accept: "Accept",
  reject: "Reject",
  apply: (accepted, n) => `Apply ${accepted} of ${n}`,
});

/** Lines with a diff sign in front ('- old', '+ new'); nothing for no lines. */
const signed = (text: string, sign: string) =>
  text
    ? text
        .replace(/\n$/, "")
        .split("\n")
        .map((line) => `${sign} ${line}`)
        .join("\n")
    : "";

/**
 * A change of the open file from `before` to `after`, hunk by hunk: accept (take `after`'s side)
 * or reject each, then apply. A proposed edit by default; `words` and `acceptedAtFirst` make it a
 * merge of mine with the disk's copy.
 */
export function DiffReview({
  fileName,
  before,
  after,
  onApply,
  onClose,
  words = proposedEdit(fileName),
  acceptedAtFirst = () => true,
}: {
  fileName: string;
  before: string;
  after: string;
  onApply: (content: string) => void;
  onClose: () => void;
  words?: ReviewWords;
  acceptedAtFirst?: (hunk: Hunk) => boolean;
}) {
  const parts = useMemo(() => hunksOf(before, after), [before, after]);
  const hunks = parts.flatMap((p) => (p.kind === "hunk" ? [p.hunk] : []));
  const [accepted, setAccepted] = useState<Set<number>>(
    () => new Set(hunks.filter(acceptedAtFirst).map((h) => h.index)),
  );
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
      title={words.title}
      description={words.description(hunks.length)}
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
                  <Check aria-hidden="true" /> {words.accept}
                </Button>
                <Button
                  size="sm"
                  variant={on ? "outline" : "primary"}
                  aria-pressed={!on}
                  onClick={() => toggle(hunk.index, false)}
                >
                  <X aria-hidden="true" /> {words.reject}
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
            {words.apply(accepted.size, hunks.length)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
