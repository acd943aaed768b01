// The user documentation: Markdown files in the repository (docs/user/), bundled with this
// screen only (Vite `?raw`), in the order of the table of contents.
import accessibility from "../../../../../docs/user/accessibility.md?raw";
import apps from "../../../../../docs/user/apps.md?raw";
import desktop from "../../../../../docs/user/desktop.md?raw";
import files from "../../../../../docs/user/files.md?raw";
import gettingStarted from "../../../../../docs/user/getting-started.md?raw";
import ide from "../../../../../docs/user/ide.md?raw";
import keyboard from "../../../../../docs/user/keyboard.md?raw";
import mcp from "../../../../../docs/user/mcp.md?raw";
import providers from "../../../../../docs/user/providers.md?raw";
import safeMode from "../../../../../docs/user/safe-mode.md?raw";
import selfHosting from "../../../../../docs/user/self-hosting.md?raw";
import semanticSearch from "../../../../../docs/user/semantic-search.md?raw";
import terminal from "../../../../../docs/user/terminal.md?raw";

export interface DocPage {
  slug: string;
  title: string;
  markdown: string;
}

/** A page's title: its first `# ` heading. */
const titleOf = (markdown: string) => /^# (.+)$/m.exec(markdown)?.[1] ?? "Untitled";

export const docPages: DocPage[] = [
  ["getting-started", gettingStarted],
  ["providers", providers],
  ["safe-mode", safeMode],
  ["files", files],
  ["terminal", terminal],
  ["apps", apps],
  ["desktop", desktop],
  ["ide", ide],
  ["semantic-search", semanticSearch],
  ["accessibility", accessibility],
  ["mcp", mcp],
  ["keyboard", keyboard],
  ["self-hosting", selfHosting],
].map(([slug, markdown]) => ({
  slug: slug as string,
  title: titleOf(markdown as string),
  markdown: markdown as string,
}));

export const findDocPage = (slug: string | undefined): DocPage | undefined =>
  docPages.find((page) => page.slug === (slug ?? docPages[0]?.slug));
