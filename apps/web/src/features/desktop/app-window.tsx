import { Maximize2, Minimize2, Minus, Plus, X } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from "react";
import { cn } from "@/lib/cn";
import type { DesktopWindow } from "./window-state";

/** Edges and corners a window is resized from. */
const EDGES = ["n", "s", "e", "w", "ne", "nw", "se", "sw"] as const;
type Edge = (typeof EDGES)[number];
const edgeClass: Record<Edge, string> = {
  n: "top-0 inset-x-2 h-1.5 cursor-n-resize",
  s: "bottom-0 inset-x-2 h-1.5 cursor-s-resize",
  e: "right-0 inset-y-2 w-1.5 cursor-e-resize",
  w: "left-0 inset-y-2 w-1.5 cursor-w-resize",
  ne: "top-0 right-0 size-3 cursor-ne-resize",
  nw: "top-0 left-0 size-3 cursor-nw-resize",
  se: "bottom-0 right-0 size-3 cursor-se-resize",
  sw: "bottom-0 left-0 size-3 cursor-sw-resize",
};
/** Keyboard move/resize step (px). */
const STEP = 20;

export interface WindowGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * One desktop window: title bar (drag to move, double-click to maximize), minimize,
 * maximize/restore, close, resize from edges and corners. While dragging only its CSS transform
 * changes (no layout per frame); the new place is committed when the pointer lets go.
 */
export function AppWindow({
  window: w,
  title,
  focused,
  onFocus,
  onMinimize,
  onToggleMaximize,
  onClose,
  onGeometry,
  onNewWindow,
  children,
}: {
  window: DesktopWindow;
  title: string;
  focused: boolean;
  onFocus: () => void;
  onMinimize: () => void;
  onToggleMaximize: () => void;
  onClose: () => void;
  onGeometry: (g: WindowGeometry) => void;
  /** Opens another window of this app (apps that may have several). */
  onNewWindow?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const drag = useRef<{ edge: Edge | "move"; startX: number; startY: number; from: WindowGeometry } | null>(
    null,
  );
  const current = useRef<WindowGeometry>(w);
  current.current = drag.current ? current.current : { x: w.x, y: w.y, width: w.width, height: w.height };

  const paint = (g: WindowGeometry) => {
    const el = ref.current;
    if (!el) return;
    el.style.transform = `translate(${g.x}px, ${g.y}px)`;
    el.style.width = `${g.width}px`;
    el.style.height = `${g.height}px`;
  };

  const start = (edge: Edge | "move") => (event: PointerEvent<HTMLElement>) => {
    if (w.isMaximized || event.button !== 0) return;
    if ((event.target as HTMLElement).closest("button")) return;
    event.preventDefault();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    drag.current = { edge, startX: event.clientX, startY: event.clientY, from: { ...current.current } };
  };
  const moveTo = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    const g = { ...d.from };
    if (d.edge === "move") {
      g.x += dx;
      g.y += dy;
    } else {
      if (d.edge.includes("e")) g.width += dx;
      if (d.edge.includes("s")) g.height += dy;
      if (d.edge.includes("w")) {
        g.x += dx;
        g.width -= dx;
      }
      if (d.edge.includes("n")) {
        g.y += dy;
        g.height -= dy;
      }
    }
    current.current = { ...g, x: Math.max(0, g.x), y: Math.max(0, g.y) };
    paint(current.current);
  };
  const end = () => {
    if (!drag.current) return;
    drag.current = null;
    onGeometry(current.current);
  };

  // Move mode: arrows move, Shift+arrows resize, Escape or Enter leaves it.
  const moving = useRef(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Tab") return trapTab(event);
    if (!moving.current || w.isMaximized) return;
    const g = { ...current.current };
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const d = delta[event.key];
    if (event.key === "Escape" || event.key === "Enter") {
      moving.current = false;
      ref.current?.removeAttribute("data-moving");
      event.preventDefault();
      return;
    }
    if (!d) return;
    event.preventDefault();
    if (event.shiftKey) onGeometry({ ...g, width: g.width + d[0], height: g.height + d[1] });
    else onGeometry({ ...g, x: g.x + d[0], y: g.y + d[1] });
  };

  // Tab stays in the focused window: from its last control it wraps to its first, and back.
  const trapTab = (event: KeyboardEvent) => {
    const controls = [
      ...(ref.current?.querySelectorAll<HTMLElement>(
        'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex="0"]',
      ) ?? []),
    ].filter((el) => el.offsetParent !== null);
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <section
      ref={ref}
      aria-label={`${title} window`}
      data-testid="desktop-window"
      data-window={w.id}
      tabIndex={-1}
      data-focused={focused || undefined}
      onPointerDownCapture={onFocus}
      onFocusCapture={focused ? undefined : onFocus}
      onKeyDown={onKeyDown}
      hidden={w.isMinimized}
      className={cn(
        "absolute top-0 left-0 flex flex-col overflow-hidden rounded-lg border bg-background shadow-xl outline-none data-[moving]:ring-2 data-[moving]:ring-ring",
        focused ? "border-primary/60" : "border-border",
      )}
      style={
        w.isMaximized
          ? { zIndex: w.zIndex, transform: "none", width: "100%", height: "100%" }
          : {
              zIndex: w.zIndex,
              transform: `translate(${w.x}px, ${w.y}px)`,
              width: w.width,
              height: w.height,
            }
      }
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging the title bar is the pointer's way; the ✥ button is the keyboard's */}
      <header
        className={cn(
          "flex h-9 shrink-0 items-center gap-2 border-b border-border px-2 select-none",
          focused ? "bg-muted" : "bg-card",
          w.isMaximized ? "" : "cursor-move",
        )}
        onPointerDown={start("move")}
        onPointerMove={moveTo}
        onPointerUp={end}
        onPointerCancel={end}
        onDoubleClick={(event) => {
          if (!(event.target as HTMLElement).closest("button")) onToggleMaximize();
        }}
      >
        <h2 className="min-w-0 flex-1 truncate text-sm font-medium">{title}</h2>
        <WindowButton
          label={`Move ${title} with the arrow keys (Shift+arrows resize)`}
          onClick={() => {
            moving.current = true;
            ref.current?.setAttribute("data-moving", "");
          }}
          disabled={w.isMaximized}
        >
          <span aria-hidden="true" className="text-xs">
            ✥
          </span>
        </WindowButton>
        {onNewWindow ? (
          <WindowButton label={`New ${title} window`} onClick={onNewWindow}>
            <Plus aria-hidden="true" />
          </WindowButton>
        ) : null}
        <WindowButton label={`Minimize ${title}`} onClick={onMinimize}>
          <Minus aria-hidden="true" />
        </WindowButton>
        <WindowButton label={`${w.isMaximized ? "Restore" : "Maximize"} ${title}`} onClick={onToggleMaximize}>
          {w.isMaximized ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
        </WindowButton>
        <WindowButton label={`Close ${title}`} onClick={onClose}>
          <X aria-hidden="true" />
        </WindowButton>
      </header>
      {/* A screen made for the whole page fills the window instead. */}
      <div className="min-h-0 flex-1 overflow-auto [&_.h-dvh]:h-full">{children}</div>
      {w.isMaximized
        ? null
        : EDGES.map((edge) => (
            <div
              key={edge}
              aria-hidden="true"
              data-edge={edge}
              className={cn("absolute touch-none", edgeClass[edge])}
              onPointerDown={start(edge)}
              onPointerMove={moveTo}
              onPointerUp={end}
              onPointerCancel={end}
            />
          ))}
    </section>
  );
}

function WindowButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}
