import { ArrowDown, ArrowUp, Check } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isInOrder, itemsInPlace, moveItem } from "./answers";
import { Feedback } from "./feedback";
import type { InteractiveTask, OrderItem } from "./lesson-types";

/** A right answer completes the lesson (again on another day: that day counts as learning too). */
type Props = { onComplete: () => void };
type Outcome = { right: boolean; text: string } | null;

/** An interactive lesson: do something (shade a fraction, put things in order), then check it. */
export function InteractiveLesson({ task, ...props }: Props & { task: InteractiveTask }) {
  return task.kind === "fraction" ? (
    <FractionTask {...task} {...props} />
  ) : (
    <OrderTask {...task} {...props} />
  );
}

function FractionTask({
  instruction,
  parts,
  target,
  explanation,
  onComplete,
}: Props & Extract<InteractiveTask, { kind: "fraction" }>) {
  const [shaded, setShaded] = useState<boolean[]>(() => Array(parts).fill(false));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const count = shaded.filter(Boolean).length;

  const check = () => {
    if (count === target) {
      setOutcome({ right: true, text: `${count}/${parts} is shaded. ${explanation} Lesson completed.` });
      onComplete();
      return;
    }
    const change = count < target ? `Shade ${target - count} more` : `Unshade ${count - target}`;
    setOutcome({
      right: false,
      text: `You shaded ${count}/${parts}; the task asks for ${target}/${parts}. ${change}.`,
    });
  };

  return (
    <div className="grid gap-4">
      <p className="font-medium">{instruction}</p>
      <fieldset className="grid gap-2">
        <legend className="text-sm text-muted-foreground">
          The bar: {parts} equal parts. Shaded now: {count} of {parts} ({count}/{parts}).
        </legend>
        <div className="grid gap-1" style={{ gridTemplateColumns: `repeat(${parts}, minmax(0, 1fr))` }}>
          {shaded.map((on, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: a part is its position in the bar
              key={i}
              type="button"
              aria-pressed={on}
              aria-label={`Part ${i + 1} of ${parts}`}
              onClick={() => {
                setShaded(shaded.map((s, j) => (j === i ? !s : s)));
                setOutcome(null);
              }}
              className={cn(
                "h-14 min-w-0 rounded-md border-2 border-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                on ? "bg-primary" : "bg-card hover:bg-accent",
              )}
            />
          ))}
        </div>
      </fieldset>
      {outcome ? <Feedback tone={outcome.right ? "right" : "wrong"}>{outcome.text}</Feedback> : null}
      <div>
        <Button onClick={check}>
          <Check aria-hidden="true" /> Check my fraction
        </Button>
      </div>
    </div>
  );
}

function OrderTask({
  instruction,
  items,
  start,
  explanation,
  code,
  onComplete,
}: Props & Extract<InteractiveTask, { kind: "order" }>) {
  const [order, setOrder] = useState(start);
  const [moved, setMoved] = useState("");
  const [outcome, setOutcome] = useState<Outcome>(null);

  const move = (position: number, by: -1 | 1) => {
    const next = moveItem(order, position, by);
    if (next === order) return;
    setOrder(next);
    setOutcome(null);
    const item = items[order[position] as number];
    setMoved(`“${item?.label}” moved to place ${position + by + 1} of ${order.length}.`);
  };

  const check = () => {
    if (isInOrder(order)) {
      setOutcome({ right: true, text: `Everything is in order. ${explanation} Lesson completed.` });
      onComplete();
    } else {
      setOutcome({
        right: false,
        text: `${itemsInPlace(order)} of ${order.length} are in the right place. Move the others and check again.`,
      });
    }
  };

  return (
    <div className="grid gap-4">
      <p className="font-medium">{instruction}</p>
      <ol aria-label="Items to order" className="grid gap-2">
        {order.map((itemIndex, position) => {
          const item = items[itemIndex] as OrderItem;
          return (
            <li
              key={item.label}
              className="flex items-center gap-2 rounded-lg border border-border bg-card p-2"
            >
              <span className="w-6 shrink-0 text-center text-sm text-muted-foreground">{position + 1}.</span>
              {item.swatch ? (
                <span
                  aria-hidden="true"
                  className="size-8 shrink-0 rounded border border-border"
                  style={{ backgroundColor: item.swatch }}
                />
              ) : null}
              <span className={cn("min-w-0 flex-1 break-words", code && "break-all font-mono text-sm")}>
                {item.label}
              </span>
              <Button
                size="icon"
                variant="outline"
                aria-label={`Move “${item.label}” up`}
                aria-disabled={position === 0}
                onClick={() => move(position, -1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="outline"
                aria-label={`Move “${item.label}” down`}
                aria-disabled={position === order.length - 1}
                onClick={() => move(position, 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">
        {moved}
      </p>
      {outcome ? <Feedback tone={outcome.right ? "right" : "wrong"}>{outcome.text}</Feedback> : null}
      <div>
        <Button onClick={check}>
          <Check aria-hidden="true" /> Check the order
        </Button>
      </div>
    </div>
  );
}
