import {
  ACCESSIBILITY_PREFERENCE,
  type AccessibilitySettings,
  readAccessibilitySettings,
} from "@neuroos/contracts/accessibility-settings";
import { useCallback, useSyncExternalStore } from "react";
import { onDeviceOwnerChange } from "../device-owner";
import { laterSaves, readPreference } from "../resources/preferences";
import { createStore } from "../store";

/** The device's copy of the settings; public/appearance-init.js reads it before the first paint. */
export const ACCESSIBILITY_STORAGE_KEY = "neuroos-accessibility";
/** The theme's key before the settings held it: read once, so a returning visitor keeps their theme. */
const LEGACY_THEME_KEY = "neuroos-theme";

function readDevice(): AccessibilitySettings {
  try {
    const stored = window.localStorage.getItem(ACCESSIBILITY_STORAGE_KEY);
    if (stored) return readAccessibilitySettings(JSON.parse(stored));
    const legacyTheme = window.localStorage.getItem(LEGACY_THEME_KEY);
    return { ...readAccessibilitySettings(null), darkMode: legacyTheme !== "light" };
  } catch {
    return readAccessibilitySettings(null);
  }
}

function writeDevice(settings: AccessibilitySettings): void {
  try {
    window.localStorage.setItem(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage unavailable (privacy modes): the settings last for this page and the account.
  }
}

const systemContrast = () => window.matchMedia?.("(prefers-contrast: more)").matches ?? false;
const systemMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** What applies: the person's choice, else the system's preference for contrast and motion. */
export interface EffectiveAccessibility extends AccessibilitySettings {
  highContrastOn: boolean;
  reducedMotionOn: boolean;
}

function effective(settings: AccessibilitySettings): EffectiveAccessibility {
  return {
    ...settings,
    highContrastOn: settings.highContrast ?? systemContrast(),
    reducedMotionOn: settings.reducedMotion ?? systemMotion(),
  };
}

/**
 * Applies the settings to <html>: the theme class, `high-contrast`, `large-text`, `reduce-motion`
 * and the root font size (everything is sized in rem). public/appearance-init.js does the same
 * before the app starts; keep the two alike.
 */
function apply(value: EffectiveAccessibility): void {
  const root = document.documentElement;
  const theme = value.darkMode ? "dark" : "light";
  root.classList.remove("dark", "light");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.classList.toggle("high-contrast", value.highContrastOn);
  root.classList.toggle("large-text", value.largeText);
  root.classList.toggle("reduce-motion", value.reducedMotionOn);
  root.style.setProperty("--a11y-font-size", `${value.fontSize}px`);
}

const store = createStore<EffectiveAccessibility>(effective(readDevice()));
store.subscribe(() => apply(store.get()));
apply(store.get());
// The device's copy changed hands: signed out, the defaults (or what was chosen on the signed-out
// pages); signed in, this person's (another's never is: lib/device-owner.ts).
onDeviceOwnerChange(() => store.set(effective(readDevice())));
for (const query of ["(prefers-contrast: more)", "(prefers-reduced-motion: reduce)"]) {
  window.matchMedia?.(query).addEventListener("change", () => store.set(effective(store.get())));
}

let signedIn = false;
let lastSaveError: string | null = null;
const saveListeners = new Set<() => void>();
/** Set while a change made here has not reached the account: the device's copy is then the newer. */
const UNSAVED_KEY = `${ACCESSIBILITY_STORAGE_KEY}-unsaved`;

function markUnsaved(unsaved: boolean): void {
  try {
    if (unsaved) window.localStorage.setItem(UNSAVED_KEY, "1");
    else window.localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // Storage unavailable: nothing to remember.
  }
}

const hasUnsaved = () => {
  try {
    return window.localStorage.getItem(UNSAVED_KEY) === "1";
  } catch {
    return false;
  }
};

const saves = laterSaves<AccessibilitySettings>(ACCESSIBILITY_PREFERENCE, {
  saved: () => {
    markUnsaved(false);
    setSaveError(null);
  },
  failed: () => setSaveError("Saved on this device only: your account could not be reached."),
});

function scheduleSave(settings: AccessibilitySettings): void {
  if (!signedIn) return;
  markUnsaved(true);
  saves.save(settings);
}

function setSaveError(message: string | null): void {
  lastSaveError = message;
  for (const listener of saveListeners) listener();
}

const stored = ({ highContrastOn, reducedMotionOn, ...settings }: EffectiveAccessibility) => settings;

/** Changes some settings: applied at once, kept on this device and, when signed in, on the account. */
export function setAccessibility(patch: Partial<AccessibilitySettings>): void {
  const next = readAccessibilitySettings({ ...stored(store.get()), ...patch });
  writeDevice(next);
  store.set(effective(next));
  scheduleSave(next);
}

/**
 * Signed in: the account's settings replace the device's (the same on every device), unless a
 * change made on this device has not reached the account yet, or the account has none: then the
 * device's go to the account (another person's copy never does: see lib/device-owner.ts).
 * Signed out: the device's copy (the defaults once someone signed out).
 */
export async function syncAccessibilityWithAccount(isSignedIn: boolean): Promise<void> {
  signedIn = isSignedIn;
  if (!isSignedIn) return;
  const value = await readPreference(ACCESSIBILITY_PREFERENCE, (raw) => raw);
  if (value === null || hasUnsaved()) {
    scheduleSave(stored(store.get()));
    return;
  }
  const account = readAccessibilitySettings(value);
  writeDevice(account);
  store.set(effective(account));
}

/** The settings in force (re-renders on every change). */
export function useAccessibility(): EffectiveAccessibility {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Why the last save to the account failed, or null. */
export function useAccessibilitySaveError(): string | null {
  const subscribe = useCallback((listener: () => void) => {
    saveListeners.add(listener);
    return () => saveListeners.delete(listener);
  }, []);
  return useSyncExternalStore(subscribe, () => lastSaveError);
}

/** The settings now, outside React (e.g. whether to play a sound). */
export const accessibilityNow = (): EffectiveAccessibility => store.get();
