import { Bot, CircleCheck, FolderOpen, LayoutGrid, SquareTerminal } from "lucide-react";

const benefits = [
  { icon: Bot, text: "AI-powered workspace" },
  { icon: LayoutGrid, text: "Desktop applications" },
  { icon: SquareTerminal, text: "Code execution" },
  { icon: FolderOpen, text: "File management" },
] as const;

/** What a new account gets, listed on the sign-up page. */
export function SignupBenefits() {
  return (
    <section aria-labelledby="benefits-heading" className="mb-6 rounded-lg border border-border bg-muted p-4">
      <h2 id="benefits-heading" className="mb-3 flex items-center gap-2 text-sm font-semibold">
        <CircleCheck className="size-4 text-success" aria-hidden="true" />
        Your free account includes
      </h2>
      <ul className="grid grid-cols-1 gap-2 text-sm text-muted-foreground sm:grid-cols-2">
        {benefits.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-2">
            <Icon className="size-4 shrink-0 text-link" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
