import { File, FileBraces, FileCode, FileTerminal, FileText, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { type FileKind, fileKind } from "./file-tree";

const icons: Record<FileKind, { icon: LucideIcon; className: string }> = {
  python: { icon: FileCode, className: "text-sky-600 dark:text-sky-400" },
  script: { icon: FileTerminal, className: "text-amber-600 dark:text-amber-300" },
  json: { icon: FileBraces, className: "text-emerald-700 dark:text-emerald-400" },
  markdown: { icon: FileText, className: "text-violet-700 dark:text-violet-300" },
  text: { icon: FileText, className: "text-muted-foreground" },
  other: { icon: File, className: "text-muted-foreground" },
};

/** The icon of a file, chosen by its extension. */
export function FileIcon({ name, className }: { name: string; className?: string }) {
  const { icon: Icon, className: tone } = icons[fileKind(name)];
  return <Icon className={cn("size-4 shrink-0", tone, className)} aria-hidden="true" />;
}
