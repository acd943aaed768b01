import { describe, expect, it } from "vitest";
import {
  type DesktopAction,
  type DesktopState,
  desktopReducer,
  emptyDesktop,
  validDesktop,
} from "./window-state";

const viewport = { width: 1280, height: 800 };
const size = { width: 800, height: 600 };
const run = (actions: DesktopAction[], from: DesktopState = emptyDesktop) =>
  actions.reduce(desktopReducer, from);
const launch = (app: string, id = app, v = viewport): DesktopAction => ({
  type: "launch",
  app,
  size,
  viewport: v,
  id,
});

describe("desktop windows", () => {
  it("opens new windows at (100,100), 30 px further per open window, 800 × 600, on top and focused", () => {
    const s = run([launch("notes"), launch("sheet"), launch("ide")]);
    expect(s.windows.map((w) => [w.x, w.y, w.width, w.height])).toEqual([
      [100, 100, 800, 600],
      [130, 130, 800, 600],
      [160, 160, 800, 600],
    ]);
    expect(s.focused).toBe("ide");
    expect(s.windows.map((w) => w.zIndex)).toEqual([1, 2, 3]);
  });

  it("launching an open app focuses it, and restores it when minimized", () => {
    const s = run([
      launch("notes"),
      launch("sheet"),
      { type: "minimize", id: "notes" },
      launch("notes", "other"),
    ]);
    expect(s.windows).toHaveLength(2);
    expect(s.focused).toBe("notes");
    expect(s.windows.find((w) => w.id === "notes")).toMatchObject({ isMinimized: false, zIndex: 3 });
  });

  it("focus raises to the top; minimizing gives focus to the next window; closing too", () => {
    let s = run([launch("a"), launch("b"), launch("c"), { type: "focus", id: "a" }]);
    expect(s.focused).toBe("a");
    expect(Math.max(...s.windows.map((w) => w.zIndex))).toBe(s.windows.find((w) => w.id === "a")?.zIndex);
    s = desktopReducer(s, { type: "minimize", id: "a" });
    expect(s.focused).toBe("c");
    s = desktopReducer(s, { type: "close", id: "c" });
    expect(s.focused).toBe("b");
    s = desktopReducer(s, { type: "close", id: "b" });
    expect(s.focused).toBeNull(); // only a minimized window is left
  });

  it("a taskbar button minimizes the focused window and brings any other to the top", () => {
    let s = run([launch("a"), launch("b")]);
    s = desktopReducer(s, { type: "toggle-minimize", id: "b" });
    expect(s.windows.find((w) => w.id === "b")?.isMinimized).toBe(true);
    s = desktopReducer(s, { type: "toggle-minimize", id: "b" });
    expect(s).toMatchObject({ focused: "b" });
    expect(s.windows.find((w) => w.id === "b")?.isMinimized).toBe(false);
    s = desktopReducer(s, { type: "toggle-minimize", id: "a" });
    expect(s.focused).toBe("a");
  });

  it("moves within the screen (position 0 or more, title bar reachable); no drag while maximized", () => {
    let s = run([launch("a"), { type: "move", id: "a", x: -50, y: -10, viewport }]);
    expect(s.windows[0]).toMatchObject({ x: 0, y: 0 });
    s = desktopReducer(s, { type: "move", id: "a", x: 5000, y: 5000, viewport });
    expect(s.windows[0]).toMatchObject({ x: 1280 - 120, y: 800 - 40 });
    s = run(
      [
        { type: "toggle-maximize", id: "a" },
        { type: "move", id: "a", x: 10, y: 10, viewport },
      ],
      s,
    );
    expect(s.windows[0]).toMatchObject({ isMaximized: true, x: 1160, y: 760 });
    s = desktopReducer(s, { type: "toggle-maximize", id: "a" });
    expect(s.windows[0]?.isMaximized).toBe(false);
  });

  it("resizes down to a minimum size", () => {
    const s = run([
      launch("a"),
      { type: "resize", id: "a", x: 100, y: 100, width: 50, height: 20, viewport },
    ]);
    expect(s.windows[0]).toMatchObject({ width: 320, height: 200 });
  });

  it("cycles through the open windows; on a phone windows open maximized", () => {
    let s = run([launch("a"), launch("b"), launch("c")]);
    s = desktopReducer(s, { type: "cycle" });
    expect(s.focused).toBe("a");
    s = desktopReducer(s, { type: "cycle" });
    expect(s.focused).toBe("b");
    const phone = run([launch("a", "a", { width: 360, height: 740 })]);
    expect(phone.windows[0]).toMatchObject({ isMaximized: true, width: 360 });
  });

  it("restores only a layout it can show", () => {
    const good = run([launch("a")]);
    expect(desktopReducer(emptyDesktop, { type: "restore", state: good, viewport })).toEqual(good);
    for (const bad of [
      null,
      3,
      { windows: "x" },
      { windows: [{ id: "a", app: "a", x: "1" }], focused: null },
    ])
      expect(validDesktop(bad)).toBe(false);
  });

  it("fits a layout saved on a wide screen into a phone's", () => {
    const wide = run([launch("a", "a", { width: 2560, height: 1440 })]);
    const saved = { ...wide, windows: wide.windows.map((w) => ({ ...w, x: 1500, y: 900 })) };
    const phone = { width: 360, height: 700 };
    const [w] = desktopReducer(emptyDesktop, { type: "restore", state: saved, viewport: phone }).windows;
    expect(w).toMatchObject({ x: 0, y: 100, width: 360, height: 600 });
  });

  it("keeps a window where a drag on this screen put it, even when its bottom runs off", () => {
    const desk = run([launch("a", "a", { width: 1280, height: 720 })]);
    const saved = { ...desk, windows: desk.windows.map((w) => ({ ...w, x: 250, y: 210 })) };
    const screen = { width: 1280, height: 720 };
    const [w] = desktopReducer(emptyDesktop, { type: "restore", state: saved, viewport: screen }).windows;
    expect(w).toMatchObject({ x: 250, y: 210 });
  });
});
