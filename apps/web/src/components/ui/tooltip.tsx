import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";

/** Spec: tooltips open after 700 ms; within 300 ms of one closing, the next opens at once. */
export const TOOLTIP_DELAY = 700;
export const TOOLTIP_SKIP_WINDOW = 300;
const GAP = 6;
const MARGIN = 8;

/** When the last tooltip closed: shared by every tooltip for the skip window. */
let lastClosedAt = 0;

type TriggerProps = {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  "aria-describedby"?: string;
};

/**
 * A label shown under its trigger on hover and keyboard focus (Escape hides it). Small on
 * purpose: it ships on every page, so it positions itself instead of loading a positioning library.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const own = children.props;

  const show = (target: HTMLElement, immediately: boolean) => {
    clearTimeout(timer.current);
    const delay = immediately || Date.now() - lastClosedAt < TOOLTIP_SKIP_WINDOW ? 0 : TOOLTIP_DELAY;
    timer.current = setTimeout(() => setAnchor(target.getBoundingClientRect()), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor((current) => {
      if (current) lastClosedAt = Date.now();
      return null;
    });
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <>
      {cloneElement(children, {
        onMouseEnter: (event) => {
          own.onMouseEnter?.(event);
          show(event.currentTarget, false);
        },
        onMouseLeave: (event) => {
          own.onMouseLeave?.(event);
          hide();
        },
        onFocus: (event) => {
          own.onFocus?.(event);
          show(event.currentTarget, event.currentTarget.matches(":focus-visible"));
        },
        onBlur: (event) => {
          own.onBlur?.(event);
          hide();
        },
        onKeyDown: (event) => {
          own.onKeyDown?.(event);
          if (event.key === "Escape") hide();
        },
        "aria-describedby": anchor ? id : own["aria-describedby"],
      })}
      {anchor
        ? createPortal(<TooltipBubble id={id} anchor={anchor} content={content} />, document.body)
        : null}
    </>
  );
}

/** The bubble, centred under the trigger and kept inside the window. */
function TooltipBubble({ id, anchor, content }: { id: string; anchor: DOMRect; content: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (!bubble) return;
    const width = bubble.offsetWidth;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    const left = Math.max(MARGIN, Math.min(centred, window.innerWidth - width - MARGIN));
    const below = anchor.bottom + GAP;
    const top =
      below + bubble.offsetHeight > window.innerHeight ? anchor.top - GAP - bubble.offsetHeight : below;
    bubble.style.left = `${left}px`;
    bubble.style.top = `${top}px`;
    bubble.style.visibility = "visible";
  }, [anchor]);
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }}
      className="pointer-events-none z-50 max-w-xs rounded-md border border-border bg-card px-2.5 py-1.5 text-xs text-card-foreground shadow-md"
    >
      {content}
    </div>
  );
}
