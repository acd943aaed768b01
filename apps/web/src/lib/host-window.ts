import { createContext, useContext } from "react";

/** The desktop window a screen is shown in (absent on its own page). */
export interface HostWindow {
  id: string;
  /** Opens another app of the registry beside this one (a window of its own on the desktop). */
  openApp?: (appId: string) => void;
}

export const HostWindowContext = createContext<HostWindow | null>(null);

/** The window this screen is in, if any: a screen keeps per-window state by its id. */
export const useHostWindow = (): HostWindow | null => useContext(HostWindowContext);
