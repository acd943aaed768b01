/** Spec: the open file's language, from its extension. */
export type IdeLanguage = "typescript" | "python" | "html" | "css" | "plaintext";

export function languageOf(path: string): IdeLanguage {
  const ext = path.slice(path.lastIndexOf(".")).toLowerCase();
  if ([".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"].includes(ext)) return "typescript";
  if (ext === ".py") return "python";
  if (ext === ".html" || ext === ".htm") return "html";
  if (ext === ".css") return "css";
  return "plaintext";
}

/** Spec: an open file (path, name, content, language, modified). */
export interface OpenFile {
  path: string;
  name: string;
  language: IdeLanguage;
  content: string;
  /** The content as last saved (or read): modified is `content !== saved`. */
  saved: string;
  /** The version on disk `saved` is (the If-Match of the next save); null: not on disk now. */
  version: string | null;
  /** The file as it is on disk, when it changed there while this tab had unsaved changes. */
  onDisk: DiskCopy | null;
}

/** A file as the server has it: its text and version (null: it is gone). */
export interface DiskCopy {
  content: string;
  version: string | null;
}

export interface OpenFiles {
  files: OpenFile[];
  active: string | null;
}

export type OpenFilesAction =
  | ({ type: "opened"; path: string } & DiskCopy)
  | { type: "activated"; path: string }
  | { type: "edited"; path: string; content: string }
  | ({ type: "saved"; path: string } & DiskCopy)
  | { type: "closed"; path: string }
  | { type: "renamed"; from: string; to: string }
  | { type: "deleted"; path: string }
  | ({ type: "changed_on_disk"; path: string } & DiskCopy)
  | { type: "merged"; path: string; content: string }
  | ({ type: "reloaded"; path: string } & DiskCopy);

export const isModified = (file: OpenFile) => file.content !== file.saved;
export const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

const update = (state: OpenFiles, path: string, change: (file: OpenFile) => OpenFile): OpenFiles => ({
  ...state,
  files: state.files.map((file) => (file.path === path ? change(file) : file)),
});

/** The IDE's tabs: open, edit (modified dot), save, close (the last remaining becomes active, or none). */
export function openFilesReducer(state: OpenFiles, action: OpenFilesAction): OpenFiles {
  switch (action.type) {
    case "opened": {
      if (state.files.some((f) => f.path === action.path)) return { ...state, active: action.path };
      const file: OpenFile = {
        path: action.path,
        name: baseName(action.path),
        language: languageOf(action.path),
        content: action.content,
        saved: action.content,
        version: action.version,
        onDisk: null,
      };
      return { files: [...state.files, file], active: action.path };
    }
    case "activated":
      return state.files.some((f) => f.path === action.path) ? { ...state, active: action.path } : state;
    case "edited":
      return update(state, action.path, (file) => ({ ...file, content: action.content }));
    case "saved":
      return update(state, action.path, (file) => ({
        ...file,
        saved: action.content,
        version: action.version,
        onDisk: null,
      }));
    case "closed":
    case "deleted": {
      const files = state.files.filter((f) =>
        action.type === "closed" ? f.path !== action.path : !under(f.path, action.path),
      );
      const active = files.some((f) => f.path === state.active) ? state.active : (files.at(-1)?.path ?? null);
      return { files, active };
    }
    case "renamed": {
      const moved = (path: string) =>
        under(path, action.from) ? action.to + path.slice(action.from.length) : path;
      return {
        files: state.files.map((f) => {
          const path = moved(f.path);
          return path === f.path ? f : { ...f, path, name: baseName(path), language: languageOf(path) };
        }),
        active: state.active ? moved(state.active) : null,
      };
    }
    case "changed_on_disk":
      return update(state, action.path, (file) => {
        const disk = { content: action.content, version: action.version };
        if (file.version === disk.version) return file;
        // The same text (a save of this tab coming back, or the same edit made twice): no question.
        if (file.saved === disk.content || file.content === disk.content)
          return { ...file, saved: disk.content, version: disk.version, onDisk: null };
        return isModified(file)
          ? { ...file, onDisk: disk }
          : { ...file, content: disk.content, saved: disk.content, version: disk.version, onDisk: null };
      });
    case "merged":
      // Mine (or a merge of both), now based on the disk's version: the next save replaces it.
      return update(state, action.path, (file) =>
        file.onDisk
          ? { ...file, content: action.content, version: file.onDisk.version, onDisk: null }
          : { ...file, content: action.content },
      );
    case "reloaded":
      return update(state, action.path, (file) => ({
        ...file,
        content: action.content,
        saved: action.content,
        version: action.version,
        onDisk: null,
      }));
  }
}

export const noOpenFiles: OpenFiles = { files: [], active: null };
