import { type ComponentType, createContext, useContext } from "react";

/** A screen module: what a screen's loader resolves to (its component as the default export). */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/**
 * Each app's screen loader by app id. The shell provides them (app/screens.ts): screens that host
 * other apps (desktop windows, console tabs) find them here without importing the shell.
 */
export const AppScreensContext = createContext<Record<string, ScreenLoader>>({});

export const useAppScreen = (appId: string): ScreenLoader | undefined => useContext(AppScreensContext)[appId];
