/** Spec: a desktop window (id, app, position, size, isMaximized, isMinimized, zIndex). */
export interface DesktopWindow {
  id: string;
  app: string;
  x: number;
  y: number;
  width: number;
  height: number;
  isMaximized: boolean;
  isMinimized: boolean;
  zIndex: number;
}

export interface DesktopState {
  windows: DesktopWindow[];
  /** The window with the keyboard: the top one that is not minimized, or none. */
  focused: string | null;
}

export interface Viewport {
  width: number;
  height: number;
}

/** Spec: new windows at (100,100), offset 30 px per open window. */
export const FIRST_WINDOW = { x: 100, y: 100 };
export const CASCADE_PX = 30;
export const MIN_SIZE = { width: 320, height: 200 };
/** How much of a window stays on screen: its title bar can always be grabbed. */
export const KEEP_VISIBLE = { width: 120, height: 40 };
/** Below this width windows open maximized (a phone). */
export const PHONE_WIDTH = 640;

export const emptyDesktop: DesktopState = { windows: [], focused: null };

export type DesktopAction =
  | {
      type: "launch";
      app: string;
      size: { width: number; height: number };
      viewport: Viewport;
      id: string;
      /** Another window of an app that may have several (else an open one is focused). */
      another?: boolean;
    }
  | { type: "focus"; id: string }
  | { type: "minimize"; id: string }
  | { type: "toggle-minimize"; id: string }
  | { type: "toggle-maximize"; id: string }
  | { type: "close"; id: string }
  | { type: "move"; id: string; x: number; y: number; viewport: Viewport }
  | { type: "resize"; id: string; x: number; y: number; width: number; height: number; viewport: Viewport }
  | { type: "cycle" }
  | { type: "restore"; state: DesktopState; viewport: Viewport };

const topZ = (windows: DesktopWindow[]) => windows.reduce((z, w) => Math.max(z, w.zIndex), 0);

/** The top window that is not minimized. */
function topVisible(windows: DesktopWindow[]): string | null {
  const visible = windows.filter((w) => !w.isMinimized);
  return visible.length ? visible.reduce((a, b) => (b.zIndex > a.zIndex ? b : a)).id : null;
}

/** Position kept at 0 or more, and the title bar on screen. */
export function clampPosition(x: number, y: number, viewport: Viewport) {
  return {
    x: Math.round(Math.max(0, Math.min(x, viewport.width - KEEP_VISIBLE.width))),
    y: Math.round(Math.max(0, Math.min(y, viewport.height - KEEP_VISIBLE.height))),
  };
}

/**
 * A restored window on this viewport: no larger than it; where a drag here could have put it (its
 * title bar on screen), it stays; elsewhere (a layout saved on a wider screen) it is moved inside whole.
 */
export function fitWindow(w: DesktopWindow, viewport: Viewport): DesktopWindow {
  const width = Math.round(Math.min(w.width, viewport.width));
  const height = Math.round(Math.min(w.height, viewport.height));
  const reachable = clampPosition(w.x, w.y, viewport);
  if (reachable.x === w.x && reachable.y === w.y) return { ...w, width, height };
  return {
    ...w,
    width,
    height,
    x: Math.round(Math.max(0, Math.min(w.x, viewport.width - width))),
    y: Math.round(Math.max(0, Math.min(w.y, viewport.height - height))),
  };
}

function raise(state: DesktopState, id: string): DesktopState {
  const z = topZ(state.windows) + 1;
  return {
    windows: state.windows.map((w) => (w.id === id ? { ...w, isMinimized: false, zIndex: z } : w)),
    focused: id,
  };
}

function update(state: DesktopState, id: string, change: (w: DesktopWindow) => DesktopWindow): DesktopState {
  return { ...state, windows: state.windows.map((w) => (w.id === id ? change(w) : w)) };
}

/** The desktop's windows: every change to them, as one pure function. */
export function desktopReducer(state: DesktopState, action: DesktopAction): DesktopState {
  switch (action.type) {
    case "launch": {
      // Launching an open app focuses it (a minimized one is restored).
      const open = action.another ? undefined : state.windows.find((w) => w.app === action.app);
      if (open) return raise(state, open.id);
      const offset = CASCADE_PX * state.windows.length;
      const phone = action.viewport.width < PHONE_WIDTH;
      const at = clampPosition(FIRST_WINDOW.x + offset, FIRST_WINDOW.y + offset, action.viewport);
      const window: DesktopWindow = {
        id: action.id,
        app: action.app,
        ...at,
        width: Math.min(action.size.width, Math.max(MIN_SIZE.width, action.viewport.width)),
        height: Math.min(action.size.height, Math.max(MIN_SIZE.height, action.viewport.height)),
        isMaximized: phone,
        isMinimized: false,
        zIndex: topZ(state.windows) + 1,
      };
      return { windows: [...state.windows, window], focused: window.id };
    }
    case "focus":
      return state.windows.some((w) => w.id === action.id) ? raise(state, action.id) : state;
    case "minimize": {
      const next = update(state, action.id, (w) => ({ ...w, isMinimized: true }));
      return { ...next, focused: topVisible(next.windows) };
    }
    case "toggle-minimize": {
      // A taskbar button: the focused window minimizes; any other comes to the top.
      const w = state.windows.find((x) => x.id === action.id);
      if (!w) return state;
      return state.focused === w.id && !w.isMinimized
        ? desktopReducer(state, { type: "minimize", id: w.id })
        : raise(state, w.id);
    }
    case "toggle-maximize":
      return raise(
        update(state, action.id, (w) => ({ ...w, isMaximized: !w.isMaximized })),
        action.id,
      );
    case "close": {
      const windows = state.windows.filter((w) => w.id !== action.id);
      return { windows, focused: state.focused === action.id ? topVisible(windows) : state.focused };
    }
    case "move":
      // Dragging is disabled while maximized.
      return update(state, action.id, (w) =>
        w.isMaximized ? w : { ...w, ...clampPosition(action.x, action.y, action.viewport) },
      );
    case "resize":
      return update(state, action.id, (w) =>
        w.isMaximized
          ? w
          : {
              ...w,
              ...clampPosition(action.x, action.y, action.viewport),
              width: Math.round(Math.max(MIN_SIZE.width, action.width)),
              height: Math.round(Math.max(MIN_SIZE.height, action.height)),
            },
      );
    case "cycle": {
      // The window below the focused one comes to the top (Alt+`).
      const visible = state.windows.filter((w) => !w.isMinimized).sort((a, b) => a.zIndex - b.zIndex);
      const next = visible.length > 1 ? visible[0] : undefined;
      return next ? raise(state, next.id) : state;
    }
    case "restore":
      if (!validDesktop(action.state)) return state;
      return { ...action.state, windows: action.state.windows.map((w) => fitWindow(w, action.viewport)) };
  }
}

/** Whether a stored layout is one this desktop can show (it comes back from the server). */
export function validDesktop(value: unknown): value is DesktopState {
  if (!value || typeof value !== "object") return false;
  const { windows, focused } = value as DesktopState;
  if (!Array.isArray(windows) || windows.length > 50) return false;
  const numbers = ["x", "y", "width", "height", "zIndex"] as const;
  return (
    (focused === null || typeof focused === "string") &&
    windows.every(
      (w) =>
        w &&
        typeof w.id === "string" &&
        typeof w.app === "string" &&
        typeof w.isMaximized === "boolean" &&
        typeof w.isMinimized === "boolean" &&
        numbers.every((k) => Number.isFinite(w[k])),
    )
  );
}
