import { useEffect, useState } from "react";

/** Spec: explorer 20% (15-30), editor 50%, right pane 30% (20-40). */
export const PANES = {
  explorer: { initial: 20, min: 15, max: 30 },
  right: { initial: 30, min: 20, max: 40 },
} as const;
const KEY = "neuroos-ide-panes";

export interface PaneSizes {
  explorer: number;
  right: number;
}

const clamp = (value: unknown, pane: (typeof PANES)[keyof typeof PANES]) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(pane.max, Math.max(pane.min, Math.round(value)))
    : pane.initial;

/** The remembered sizes (or the spec's), each within its bounds. */
export function readPaneSizes(raw: string | null): PaneSizes {
  let stored: Partial<PaneSizes> = {};
  try {
    stored = JSON.parse(raw ?? "{}") ?? {};
  } catch {}
  return { explorer: clamp(stored.explorer, PANES.explorer), right: clamp(stored.right, PANES.right) };
}

/** The pane sizes in percent, remembered on the device. */
export function usePaneSizes() {
  const [sizes, setSizes] = useState<PaneSizes>(() => readPaneSizes(localStorage.getItem(KEY)));
  useEffect(() => {
    try {
      localStorage.setItem(KEY, JSON.stringify(sizes));
    } catch {}
  }, [sizes]);
  return [sizes, setSizes] as const;
}
