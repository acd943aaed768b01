import { type EditorState, Prec, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  keymap,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from "@codemirror/view";

/** Asks the model to continue the code at the cursor; resolves with the continuation (or ""). */
export type CompletionSource = (request: {
  prefix: string;
  suffix: string;
  language: string;
  signal: AbortSignal;
}) => Promise<string>;

/** The pause in typing after which a continuation is asked for. */
export const COMPLETION_PAUSE_MS = 600;
const CONTEXT_CHARS = 4000;

interface Ghost {
  pos: number;
  text: string;
}
const setGhost = StateEffect.define<Ghost | null>();

class GhostWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  eq(other: GhostWidget) {
    return other.text === this.text;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = "cm-ghost";
    span.setAttribute("aria-hidden", "true");
    span.dataset.testid = "ghost-text";
    span.textContent = this.text;
    return span;
  }
}

const ghostField = StateField.define<Ghost | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setGhost)) return effect.value;
    // Typing or moving the cursor dismisses the proposal.
    return tr.docChanged || tr.selection ? null : value;
  },
  provide: (field) =>
    EditorView.decorations.from(
      field,
      (ghost): DecorationSet =>
        ghost
          ? Decoration.set([
              Decoration.widget({ widget: new GhostWidget(ghost.text), side: 1 }).range(ghost.pos),
            ])
          : Decoration.none,
    ),
});

export const ghostText = (state: EditorState) => state.field(ghostField, false)?.text ?? null;

function accept(view: EditorView): boolean {
  const ghost = view.state.field(ghostField, false);
  if (!ghost) return false;
  view.dispatch({
    changes: { from: ghost.pos, insert: ghost.text },
    selection: { anchor: ghost.pos + ghost.text.length },
    effects: setGhost.of(null),
  });
  return true;
}

function dismiss(view: EditorView): boolean {
  if (!view.state.field(ghostField, false)) return false;
  view.dispatch({ effects: setGhost.of(null) });
  return true;
}

/**
 * Inline completion: after a pause in typing, the model's continuation shows as ghost text at
 * the cursor; Tab accepts it, Escape dismisses it, and typing again cancels the request.
 */
export function inlineCompletion(source: () => CompletionSource | null, language: string) {
  const requester = ViewPlugin.fromClass(
    class {
      timer: ReturnType<typeof setTimeout> | null = null;
      controller: AbortController | null = null;
      constructor(readonly view: EditorView) {}
      update(update: ViewUpdate) {
        if (!update.docChanged) return;
        this.cancel();
        const ask = source();
        if (!ask) return;
        this.timer = setTimeout(() => void this.request(ask), COMPLETION_PAUSE_MS);
      }
      async request(ask: CompletionSource) {
        const { state } = this.view;
        const pos = state.selection.main.head;
        if (!state.selection.main.empty) return;
        const controller = new AbortController();
        this.controller = controller;
        const doc = state.doc.toString();
        try {
          const text = await ask({
            prefix: doc.slice(Math.max(0, pos - CONTEXT_CHARS), pos),
            suffix: doc.slice(pos, pos + CONTEXT_CHARS / 4),
            language,
            signal: controller.signal,
          });
          if (controller.signal.aborted || !text || this.view.state.doc.toString() !== doc) return;
          this.view.dispatch({ effects: setGhost.of({ pos, text }) });
        } catch {
          // A failed proposal is no proposal.
        }
      }
      cancel() {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.controller?.abort();
        this.controller = null;
      }
      destroy() {
        this.cancel();
      }
    },
  );
  return [
    ghostField,
    requester,
    Prec.highest(
      keymap.of([
        { key: "Tab", run: accept },
        { key: "Escape", run: dismiss },
      ]),
    ),
  ];
}
