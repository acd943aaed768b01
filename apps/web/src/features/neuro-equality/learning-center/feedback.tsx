import { CircleCheck, CircleX, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const looks = {
  right: { icon: CircleCheck, className: "border-success", word: "Correct." },
  wrong: { icon: CircleX, className: "border-destructive", word: "Not quite." },
  note: { icon: Info, className: "border-border", word: "" },
} as const;

/** Feedback on an answer, said in words (never by colour alone) and announced politely. */
export function Feedback({
  tone,
  announce = true,
  children,
}: {
  tone: keyof typeof looks;
  /** Announced as a status (off where one summary announces several). */
  announce?: boolean;
  children: ReactNode;
}) {
  const { icon: Icon, className, word } = looks[tone];
  return (
    <div
      role={announce ? "status" : undefined}
      className={cn("flex items-start gap-2 rounded-md border-2 p-3 text-sm", className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        {word ? <strong className="font-semibold">{word} </strong> : null}
        {children}
      </p>
    </div>
  );
}
