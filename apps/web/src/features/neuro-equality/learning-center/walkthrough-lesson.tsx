import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { IllustrationView } from "./illustration";
import type { WalkthroughStep } from "./lesson-types";

/**
 * A 'video' lesson as a watch-and-read walkthrough: still, illustrated steps read at one's own
 * pace (no video is shipped, nothing moves by itself). Finishing the last step completes it.
 */
export function WalkthroughLesson({
  steps,
  onComplete,
}: {
  steps: WalkthroughStep[];
  onComplete: () => void;
}) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  if (!step) return null;
  const last = index === steps.length - 1;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Watch-and-read: an illustrated walkthrough. Read each step at your own pace.
      </p>
      <section aria-labelledby="walkthrough-step" className="grid gap-3 rounded-lg border border-border p-4">
        <p className="text-sm font-medium text-muted-foreground">
          Step {index + 1} of {steps.length}
        </p>
        <h3 id="walkthrough-step" className="text-lg font-semibold">
          {step.title}
        </h3>
        <IllustrationView illustration={step.illustration} />
        <p>{step.text}</p>
      </section>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          <ArrowLeft aria-hidden="true" /> Previous step
        </Button>
        {last ? (
          <Button onClick={onComplete}>
            <Check aria-hidden="true" /> I have read every step
          </Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>
            Next step <ArrowRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
