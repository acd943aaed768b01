import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";

/** Loaded on demand (see use-highlight.ts): a few languages, not highlight.js's 190. */
const lowlight = createLowlight({
  bash,
  css,
  javascript,
  json,
  markdown,
  python,
  shell,
  sql,
  typescript,
  xml,
  yaml,
});
lowlight.registerAlias({
  bash: ["sh", "zsh"],
  javascript: ["js", "jsx", "mjs", "cjs", "node"],
  typescript: ["ts", "tsx"],
  python: ["py", "python3"],
  xml: ["html", "svg"],
  yaml: ["yml"],
  markdown: ["md"],
  shell: ["console", "shell-session"],
});

/** The highlighted syntax tree of `code`, or null for a language it does not know. */
export function highlight(code: string, language: string) {
  const name = language.toLowerCase();
  if (!lowlight.registered(name)) return null;
  return lowlight.highlight(name, code);
}
