import {
  AudioLines,
  FileText,
  FolderOpen,
  LayoutDashboard,
  ListTodo,
  type LucideIcon,
  Monitor,
  NotebookPen,
  Settings,
  Sheet,
  Sparkles,
  Wrench,
} from "lucide-react";

export type NavGroupId = "system" | "apps";

export interface NavEntry {
  id: string;
  title: string;
  path: string;
  icon: LucideIcon;
  group: NavGroupId;
  /** False until the issue that builds the section ships it: shown, but not linked. */
  available: boolean;
}

export const navGroups: { id: NavGroupId; title: string }[] = [
  { id: "system", title: "System" },
  { id: "apps", title: "Desktop Apps" },
];

/** The one list of dashboard sections; the sidebar and the mobile menu both read it. */
export const navEntries: NavEntry[] = [
  {
    id: "console",
    title: "System Console",
    path: "/dashboard",
    icon: LayoutDashboard,
    group: "system",
    available: true,
  },
  { id: "desktop", title: "Desktop OS", path: "/desktop", icon: Monitor, group: "system", available: false },
  {
    id: "tools",
    title: "Tools & Agents",
    path: "/dashboard/tools",
    icon: Wrench,
    group: "system",
    available: true,
  },
  {
    id: "files",
    title: "Files",
    path: "/dashboard/files",
    icon: FolderOpen,
    group: "system",
    available: true,
  },
  {
    id: "audio",
    title: "Audio I/O",
    path: "/dashboard/audio",
    icon: AudioLines,
    group: "system",
    available: false,
  },
  {
    id: "settings",
    title: "Settings",
    path: "/dashboard/settings",
    icon: Settings,
    group: "system",
    available: true,
  },
  {
    id: "notes-pad",
    title: "NotesPad",
    path: "/dashboard/apps/notes-pad",
    icon: NotebookPen,
    group: "apps",
    available: false,
  },
  {
    id: "smart-doc",
    title: "SmartDoc",
    path: "/dashboard/apps/smart-doc",
    icon: FileText,
    group: "apps",
    available: false,
  },
  {
    id: "logic-sheet",
    title: "LogicSheet",
    path: "/dashboard/apps/logic-sheet",
    icon: Sheet,
    group: "apps",
    available: false,
  },
  {
    id: "mind-planner",
    title: "MindPlanner",
    path: "/dashboard/apps/mind-planner",
    icon: ListTodo,
    group: "apps",
    available: false,
  },
  {
    id: "prompt-canvas",
    title: "PromptCanvas",
    path: "/dashboard/apps/prompt-canvas",
    icon: Sparkles,
    group: "apps",
    available: false,
  },
];
