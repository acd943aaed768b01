import { useCallback, useMemo, useState } from "react";

/** How a pick extends the selection: alone, toggled in (Ctrl/⌘), or a range from the last pick (Shift). */
export interface PickKeys {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** What a pick makes of the selection (pure, so the rules are tested apart from React). */
export function picked(
  order: readonly string[],
  selected: ReadonlySet<string>,
  anchor: string | null,
  path: string,
  keys: PickKeys,
  /** A checkbox toggles without Ctrl: clicking it never drops the rest. */
  toggles = false,
): { selected: Set<string>; anchor: string } {
  const from = anchor === null ? -1 : order.indexOf(anchor);
  const to = order.indexOf(path);
  if (keys.shiftKey && from >= 0 && to >= 0) {
    const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    const next = keys.ctrlKey || keys.metaKey || toggles ? new Set(selected) : new Set<string>();
    for (const p of range) next.add(p);
    return { selected: next, anchor: anchor ?? path };
  }
  if (keys.ctrlKey || keys.metaKey || toggles) {
    const next = new Set(selected);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    return { selected: next, anchor: path };
  }
  return { selected: new Set([path]), anchor: path };
}

/**
 * The entries of one folder a person has selected: a click on a checkbox toggles one, Shift adds
 * the range from the last one picked, Ctrl or ⌘ on a row toggles it. Entries that left the folder
 * leave the selection.
 */
export function useSelection(order: readonly string[]) {
  const [state, setState] = useState<{ selected: Set<string>; anchor: string | null }>({
    selected: new Set(),
    anchor: null,
  });
  const present = useMemo(() => new Set(order), [order]);
  const selected = useMemo(
    () =>
      [...state.selected].filter((p) => present.has(p)).sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    [state.selected, present, order],
  );
  const pick = useCallback(
    (path: string, keys: PickKeys, toggles = false) =>
      setState((s) => picked(order, s.selected, s.anchor, path, keys, toggles)),
    [order],
  );
  const clear = useCallback(() => setState({ selected: new Set(), anchor: null }), []);
  const selectAll = useCallback(() => setState({ selected: new Set(order), anchor: null }), [order]);
  return {
    selected,
    has: (path: string) => state.selected.has(path) && present.has(path),
    pick,
    clear,
    selectAll,
  };
}

export type Selection = ReturnType<typeof useSelection>;
