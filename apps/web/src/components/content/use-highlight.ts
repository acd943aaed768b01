import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { type ReactNode, useEffect, useState } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";

type Highlighter = typeof import("./highlighter");
let loading: Promise<Highlighter> | null = null;

function loadHighlighter(): Promise<Highlighter> {
  loading ??= import("./highlighter");
  return loading;
}

/** Highlighted blocks, so a block scrolled back into view (or re-mounted) is not highlighted again. */
const cache = new Map<string, ReactNode | null>();
const CACHE_LIMIT = 500;

function remember(key: string, nodes: ReactNode | null): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, nodes);
}

/** Runs `task` when the main thread is idle, one block per task, so highlighting never blocks typing or streaming. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(task, { timeout: 500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}

/**
 * `code` as highlighted React nodes: the highlighter loads on first use, each block is
 * highlighted in its own idle task and cached. Null meanwhile, for a language it does not know,
 * or while `enabled` is false (a reply still streaming).
 */
export function useHighlight(code: string, language: string | undefined, enabled = true): ReactNode | null {
  const key = `${language ?? ""}\u0000${code}`;
  const ready = enabled && Boolean(language);
  const [, setVersion] = useState(0);

  useEffect(() => {
    if (!ready || !language || cache.has(key)) return;
    let cancel = () => {};
    let live = true;
    loadHighlighter().then(
      (module) => {
        if (!live) return;
        cancel = whenIdle(() => {
          const tree = module.highlight(code, language);
          remember(key, tree ? toJsxRuntime(tree, { Fragment, jsx, jsxs }) : null);
          if (live) setVersion((v) => v + 1);
        });
      },
      () => {},
    );
    return () => {
      live = false;
      cancel();
    };
  }, [ready, key, code, language]);

  return ready ? (cache.get(key) ?? null) : null;
}
