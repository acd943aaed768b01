import { SHEET_COLUMNS, SHEET_ROWS, type SheetContent, toTsv } from "@neuroos/contracts";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/cn";
import { COLUMN_NAMES, columnSums, parseClipboard, type Range, rangeCells, writeBlock } from "./sheet-model";

type Cell = { r: number; c: number };
const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max - 1);
const rangeOf = (a: Cell, b: Cell): Range => ({
  top: Math.min(a.r, b.r),
  left: Math.min(a.c, b.c),
  bottom: Math.max(a.r, b.r),
  right: Math.max(a.c, b.c),
});
const moves: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The 10 × 6 grid, edited as in any spreadsheet: arrows move (Shift extends the selection),
 * Enter or F2 edits and Enter commits moving down, Tab moves right, Escape cancels, typing
 * replaces, Delete clears; Ctrl+C copies the selection and Ctrl+V pastes a tab-separated block.
 */
export function SheetGrid({
  sheet,
  onChange,
  onPasteCut,
}: {
  sheet: SheetContent;
  onChange: (sheet: SheetContent) => void;
  /** A pasted block did not fit the grid. */
  onPasteCut: () => void;
}) {
  const [active, setActive] = useState<Cell>({ r: 0, c: 0 });
  const [anchor, setAnchor] = useState<Cell>({ r: 0, c: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  /** True while a cell's edit is open: a blur after Enter, Tab or Escape must not commit again. */
  const open = useRef(false);
  /** The active cell takes the focus back after an edit ends (its input is gone). */
  const refocus = useRef(false);
  const edit = (value: string) => {
    open.current = true;
    setEditing(value);
  };
  const selection = rangeOf(anchor, active);
  const sums = columnSums(sheet);

  useEffect(() => {
    if (editing !== null) return;
    const cell = grid.current?.querySelector<HTMLElement>(`[data-cell="${active.r}-${active.c}"]`);
    if (cell && (refocus.current || grid.current?.contains(document.activeElement))) cell.focus();
    refocus.current = false;
  }, [active, editing]);

  const moveTo = (r: number, c: number, extend = false) => {
    const next = { r: clamp(r, SHEET_ROWS), c: clamp(c, SHEET_COLUMNS) };
    setActive(next);
    if (!extend) setAnchor(next);
  };
  const commit = (value: string, then: [number, number]) => {
    if (!open.current) return;
    open.current = false;
    refocus.current = then[0] !== 0 || then[1] !== 0;
    onChange(writeBlock(sheet, active.r, active.c, [[value]]));
    setEditing(null);
    moveTo(active.r + then[0], active.c + then[1]);
  };

  const onCellKey = (event: KeyboardEvent) => {
    if (editing !== null) return;
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(active.r + move[0], active.c + move[1], event.shiftKey);
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      edit(sheet[active.r]?.[active.c] ?? "");
    } else if (event.key === "Tab") {
      const next = active.c + (event.shiftKey ? -1 : 1);
      if (next < 0 || next >= SHEET_COLUMNS) return; // leave the grid
      event.preventDefault();
      moveTo(active.r, next);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      const blank = rangeCells(sheet, selection).map((row) => row.map(() => ""));
      onChange(writeBlock(sheet, selection.top, selection.left, blank));
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      edit(event.key);
    }
  };

  const onEditKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    if (event.key === "Enter") {
      event.preventDefault();
      commit(value, [event.shiftKey ? -1 : 1, 0]);
    } else if (event.key === "Tab") {
      event.preventDefault();
      commit(value, [0, event.shiftKey ? -1 : 1]);
    } else if (event.key === "Escape") {
      event.preventDefault();
      open.current = false;
      refocus.current = true;
      setEditing(null);
    }
  };

  const onCopy = (event: ClipboardEvent) => {
    if (editing !== null) return;
    event.preventDefault();
    event.clipboardData.setData("text/plain", toTsv(rangeCells(sheet, selection)));
  };
  const onPaste = (event: ClipboardEvent) => {
    if (editing !== null) return;
    event.preventDefault();
    const block = parseClipboard(event.clipboardData.getData("text/plain"));
    if (block.length === 0) return;
    const top = selection.top;
    const left = selection.left;
    if (block.length + top > SHEET_ROWS || block.some((row) => row.length + left > SHEET_COLUMNS))
      onPasteCut();
    onChange(writeBlock(sheet, top, left, block));
    setAnchor({ r: top, c: left });
    setActive({
      r: clamp(top + block.length - 1, SHEET_ROWS),
      c: clamp(left + Math.max(...block.map((r) => r.length)) - 1, SHEET_COLUMNS),
    });
  };

  const inRange = (r: number, c: number) =>
    r >= selection.top && r <= selection.bottom && c >= selection.left && c <= selection.right;

  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a spreadsheet is an ARIA grid (APG's data grid is a table with role grid)
        role="grid"
        aria-label="Sheet"
        aria-rowcount={SHEET_ROWS + 2}
        className="w-full border-collapse text-sm"
        onCopy={onCopy}
        onPaste={onPaste}
      >
        <thead>
          <tr>
            <th scope="col" className="w-8 bg-muted px-1 text-xs text-muted-foreground">
              <span className="sr-only">Row</span>
            </th>
            {COLUMN_NAMES.map((name) => (
              <th
                key={name}
                scope="col"
                className="min-w-24 bg-muted px-2 py-1 text-xs font-medium text-muted-foreground"
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sheet.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the grid's rows are fixed positions (1-10)
            <tr key={`row-${r + 1}`}>
              <th scope="row" className="bg-muted px-1 text-xs font-medium text-muted-foreground">
                {r + 1}
              </th>
              {row.map((value, c) => {
                const isActive = active.r === r && active.c === c;
                const name = `${COLUMN_NAMES[c]}${r + 1}`;
                return (
                  <td
                    key={name}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the cells of the ARIA grid
                    role="gridcell"
                    data-cell={`${r}-${c}`}
                    aria-label={name}
                    aria-selected={inRange(r, c)}
                    tabIndex={isActive && editing === null ? 0 : -1}
                    onKeyDown={onCellKey}
                    onClick={(event) => moveTo(r, c, event.shiftKey)}
                    onDoubleClick={() => edit(value)}
                    className={cn(
                      "h-8 max-w-40 truncate border border-border px-2 outline-none",
                      r === 0 && "font-semibold",
                      inRange(r, c) && "bg-accent",
                      isActive && "outline-2 -outline-offset-2 outline-ring",
                    )}
                  >
                    {isActive && editing !== null ? (
                      <input
                        aria-label={`Edit ${name}`}
                        defaultValue={editing}
                        maxLength={500}
                        // biome-ignore lint/a11y/noAutofocus: the cell being edited takes the keys, as in any spreadsheet
                        autoFocus
                        onFocus={(event) =>
                          event.currentTarget.setSelectionRange(editing.length, editing.length)
                        }
                        onKeyDown={onEditKey}
                        onBlur={(event) => commit(event.currentTarget.value, [0, 0])}
                        className="h-7 w-full min-w-0 bg-background outline-none"
                      />
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="bg-muted px-1 text-xs font-medium">
              Σ
            </th>
            {sums.map((sum, c) => (
              <td
                key={COLUMN_NAMES[c]}
                aria-label={`Sum of ${COLUMN_NAMES[c]}`}
                className="border border-border px-2 py-1 text-right font-mono text-xs"
              >
                {sum}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
