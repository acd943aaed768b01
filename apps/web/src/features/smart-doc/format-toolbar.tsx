import { Bold, Heading2, Italic, List, Table } from "lucide-react";
import type { RefObject } from "react";
import { Button } from "@/components/ui/button";

/** A Markdown edit around the selection: wrap it, or start its lines with a prefix. */
type Edit = { wrap: string } | { prefix: string } | { insert: string };

const tools: { label: string; icon: typeof Bold; edit: Edit }[] = [
  { label: "Bold", icon: Bold, edit: { wrap: "**" } },
  { label: "Italic", icon: Italic, edit: { wrap: "*" } },
  { label: "Heading", icon: Heading2, edit: { prefix: "## " } },
  { label: "Bulleted list", icon: List, edit: { prefix: "- " } },
  {
    label: "Table",
    icon: Table,
    edit: { insert: "\n| Column | Column |\n| --- | --- |\n| Cell | Cell |\n" },
  },
];

/** Applies one edit to text with a selection; returns the new text and selection. */
export function applyEdit(text: string, start: number, end: number, edit: Edit) {
  const selected = text.slice(start, end);
  let replacement: string;
  if ("wrap" in edit) replacement = `${edit.wrap}${selected || "text"}${edit.wrap}`;
  else if ("prefix" in edit) {
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    const block = text.slice(lineStart, end) || "text";
    const lines = block.split("\n").map((line) => `${edit.prefix}${line}`);
    const next = text.slice(0, lineStart) + lines.join("\n") + text.slice(end);
    return { text: next, start: lineStart, end: lineStart + lines.join("\n").length };
  } else replacement = edit.insert;
  return {
    text: text.slice(0, start) + replacement + text.slice(end),
    start,
    end: start + replacement.length,
  };
}

/** Formatting buttons for the Markdown editor (the text stays Markdown; exports keep the formatting). */
export function FormatToolbar({
  editor,
  onChange,
}: {
  editor: RefObject<HTMLTextAreaElement | null>;
  onChange: (text: string) => void;
}) {
  const apply = (edit: Edit) => {
    const area = editor.current;
    if (!area) return;
    const next = applyEdit(area.value, area.selectionStart, area.selectionEnd, edit);
    onChange(next.text);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(next.start, next.end);
    });
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1">
      {tools.map(({ label, icon: Icon, edit }) => (
        <Button
          key={label}
          size="sm"
          variant="ghost"
          aria-label={label}
          title={label}
          onClick={() => apply(edit)}
        >
          <Icon aria-hidden="true" />
        </Button>
      ))}
    </div>
  );
}
