/** A file name from a title: the characters file systems refuse become dashes. */
export function fileNameOf(title: string, extension: string, fallback: string): string {
  const safe = [...title.trim()].map((c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "-" : c)).join("");
  return `${(safe || fallback).slice(0, 120)}.${extension}`;
}

/** Hands a file to the browser as a download. */
export function downloadFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Text as a download (Markdown, CSV, JSON). */
export const downloadText = (name: string, text: string, type: string) =>
  downloadFile(name, new Blob([text], { type: `${type};charset=utf-8` }));
