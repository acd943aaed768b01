import { type KeyboardEvent, type PointerEvent, useRef } from "react";
import { cn } from "@/lib/cn";

interface ResizeHandleProps {
  /** The size of the pane it resizes, in the pane's unit (pixels, percent). */
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** The id of the pane it resizes. */
  controls: string;
  label: string;
  valueText: string;
  /** One arrow key press; with Shift or PageUp/PageDown, `bigStep`. */
  step: number;
  bigStep: number;
  /** How many units one pixel of dragging is (e.g. 100 / the container's width for percent). */
  unitsPerPixel?: () => number;
  /** The pane is on the separator's right: dragging right makes it smaller. */
  paneAfter?: boolean;
}

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

/**
 * A vertical separator (the ARIA window splitter) that resizes a pane beside it: drag it with a
 * pointer, or focus it and use the arrow keys (Shift for larger steps), PageUp/PageDown, Home, End.
 */
export function ResizeHandle({
  value,
  min,
  max,
  onChange,
  controls,
  label,
  valueText,
  step,
  bigStep,
  unitsPerPixel = () => 1,
  paneAfter = false,
}: ResizeHandleProps) {
  const drag = useRef<{ startX: number; start: number; scale: number } | null>(null);
  const sign = paneAfter ? -1 : 1;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { startX: event.clientX, start: value, scale: unitsPerPixel() };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    onChange(clamp(d.start + sign * (event.clientX - d.startX) * d.scale, min, max));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const by = event.shiftKey ? bigStep : step;
    const next: Record<string, number> = {
      ArrowLeft: value - sign * by,
      ArrowDown: value - by,
      ArrowRight: value + sign * by,
      ArrowUp: value + by,
      PageDown: value - bigStep,
      PageUp: value + bigStep,
      Home: min,
      End: max,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    onChange(clamp(next[event.key] ?? value, min, max));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be focused and dragged; this is the ARIA window splitter pattern
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation="vertical"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={valueText}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      className={cn(
        "group relative z-10 -mx-1 w-2 shrink-0 cursor-col-resize touch-none outline-none",
        "focus-visible:bg-ring/20",
      )}
    >
      <span
        aria-hidden="true"
        className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-border transition-colors group-hover:w-0.5 group-hover:bg-ring group-focus-visible:w-0.5 group-focus-visible:bg-ring"
      />
    </div>
  );
}
