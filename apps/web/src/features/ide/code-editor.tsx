import { css } from "@codemirror/lang-css";
import { html } from "@codemirror/lang-html";
import { javascript } from "@codemirror/lang-javascript";
import { python } from "@codemirror/lang-python";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { tags } from "@lezer/highlight";
import { basicSetup } from "codemirror";
import { useEffect, useRef } from "react";
import { type CompletionSource, inlineCompletion } from "./inline-completion";
import type { IdeLanguage, OpenFile } from "./open-files";

const languages: Record<IdeLanguage, () => Extension> = {
  typescript: () => javascript({ typescript: true, jsx: true }),
  python: () => python(),
  html: () => html(),
  css: () => css(),
  plaintext: () => [],
};

const theme = EditorView.theme({
  "&": {
    height: "100%",
    fontSize: "13px",
    backgroundColor: "var(--color-background)",
    color: "var(--color-foreground)",
  },
  ".cm-scroller": { fontFamily: 'ui-monospace, "JetBrains Mono", Menlo, Consolas, monospace' },
  ".cm-gutters": {
    backgroundColor: "var(--color-muted)",
    color: "var(--color-muted-foreground)",
    border: "none",
  },
  "&.cm-focused": { outline: "2px solid var(--color-ring)", outlineOffset: "-2px" },
  ".cm-activeLine, .cm-activeLineGutter": {
    backgroundColor: "color-mix(in oklab, var(--color-accent) 60%, transparent)",
  },
  ".cm-ghost": { opacity: "0.55", fontStyle: "italic" },
});

/** The product's syntax colours (styles.css: AA contrast on both themes). */
const highlight = syntaxHighlighting(
  HighlightStyle.define([
    {
      tag: [tags.keyword, tags.bool, tags.null, tags.operatorKeyword, tags.modifier],
      color: "var(--hl-keyword)",
    },
    { tag: [tags.string, tags.regexp, tags.special(tags.string)], color: "var(--hl-string)" },
    { tag: [tags.number, tags.atom], color: "var(--hl-number)" },
    {
      tag: [tags.comment, tags.lineComment, tags.blockComment],
      color: "var(--hl-comment)",
      fontStyle: "italic",
    },
    {
      tag: [tags.function(tags.variableName), tags.function(tags.propertyName), tags.heading],
      color: "var(--hl-function)",
    },
    { tag: [tags.typeName, tags.className, tags.namespace], color: "var(--hl-type)" },
    {
      tag: [tags.propertyName, tags.attributeName, tags.definition(tags.variableName)],
      color: "var(--hl-variable)",
    },
    { tag: [tags.meta, tags.tagName, tags.angleBracket], color: "var(--hl-meta)" },
  ]),
);

/** Where the editor is: lets the assistant insert at the cursor. */
export interface EditorHandle {
  insertAtCursor(text: string): void;
  view(): EditorView | null;
}

/**
 * CodeMirror 6 on the active tab: one editor state per open file (its undo history stays with
 * the tab), the file's language, search and replace, bracket matching, Ctrl/Cmd+S to save, and
 * the model's inline completion as ghost text.
 */
export function CodeEditor({
  file,
  onChange,
  onSave,
  completion,
  handle,
  openPaths,
}: {
  file: OpenFile;
  onChange: (path: string, content: string) => void;
  onSave: () => void;
  completion: CompletionSource | null;
  handle: React.RefObject<EditorHandle | null>;
  /** The open tabs: the states of closed ones are forgotten. */
  openPaths: string[];
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const states = useRef(new Map<string, EditorState>());
  const current = useRef({ onChange, onSave, completion });
  /** The text this editor last reported: its own edits need no comparison with the document. */
  const emitted = useRef<string | null>(null);
  current.current = { onChange, onSave, completion };

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({ parent: host.current });
    view.current = editor;
    handle.current = {
      view: () => view.current,
      insertAtCursor: (text) => {
        const v = view.current;
        if (!v) return;
        const at = v.state.selection.main.head;
        v.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
        v.focus();
      },
    };
    return () => {
      editor.destroy();
      view.current = null;
      handle.current = null;
    };
  }, [handle]);

  // The active file's state: its own, kept while the tab is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new state only when the tab changes; edits reach it below
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    let state = states.current.get(file.path);
    if (!state) {
      const path = file.path;
      state = EditorState.create({
        doc: file.content,
        extensions: [
          basicSetup,
          languages[file.language](),
          highlight,
          theme,
          EditorView.contentAttributes.of({ "aria-label": `Editor: ${file.name}` }),
          keymap.of([
            {
              key: "Mod-s",
              preventDefault: true,
              run: () => {
                current.current.onSave();
                return true;
              },
            },
          ]),
          inlineCompletion(() => current.current.completion, file.language),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            emitted.current = text;
            current.current.onChange(path, text);
          }),
        ],
      });
    }
    editor.setState(state);
    return () => {
      states.current.set(file.path, editor.state);
    };
  }, [file.path, file.language, file.name]);

  const open = openPaths.join("\n");
  useEffect(() => {
    const paths = new Set(open.split("\n"));
    for (const path of states.current.keys()) if (!paths.has(path)) states.current.delete(path);
  }, [open]);

  // A change from outside (reload from disk, an applied diff) reaches the editor as an edit.
  useEffect(() => {
    const editor = view.current;
    if (!editor || file.content === emitted.current || editor.state.doc.toString() === file.content) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: file.content } });
  }, [file.content]);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="code-editor" />;
}
