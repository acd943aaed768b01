import {
  Accessibility,
  AudioLines,
  BarChart3,
  CalendarDays,
  Code2,
  FileText,
  FolderOpen,
  GraduationCap,
  KanbanSquare,
  LayoutDashboard,
  ListTodo,
  type LucideIcon,
  MessageSquareText,
  Monitor,
  NotebookPen,
  Search,
  Settings,
  Sheet,
  Sparkles,
  SquareTerminal,
  Timer,
  Waves,
  Wrench,
} from "lucide-react";

/** Where an app is listed: the dashboard's groups, and the desktop's system apps. */
export type AppGroup = "system" | "apps" | "neuro-equality" | "system-apps";

export interface AppEntry {
  id: string;
  title: string;
  /** What it is for, in a line (the NeuroEquality hub's tiles show it). */
  description?: string;
  icon: LucideIcon;
  /** Its route: under /dashboard it opens in the dashboard shell, elsewhere on its own. */
  route: string;
  group: AppGroup;
  /** A window's size when opened on the desktop (spec: 800 × 600). */
  window: { width: number; height: number };
  /** At most one window of it at a time. */
  singleton: boolean;
  /** Shown in the desktop's icon grid (system apps are in the launcher only). */
  onDesktop: boolean;
  /** False for desktop apps the dashboard sidebar does not list (spec: IDE, Vector Search). */
  sidebar?: false;
}

export const appGroups: { id: AppGroup; title: string }[] = [
  { id: "system", title: "System" },
  { id: "apps", title: "Desktop Apps" },
  { id: "neuro-equality", title: "NeuroEquality" },
  { id: "system-apps", title: "System apps" },
];

const WINDOW = { width: 800, height: 600 };

/** A tool of the NeuroEquality suite: a full-screen page, one window at a time, on the desktop. */
function neuroTool(tool: Pick<AppEntry, "id" | "title" | "description" | "icon" | "route">): AppEntry {
  return {
    ...tool,
    group: "neuro-equality",
    window: WINDOW,
    singleton: true,
    onDesktop: true,
    sidebar: false,
  };
}

/**
 * The one list of apps: the router, the dashboard sidebar and mobile menu, the desktop grid and
 * launcher and the marketplace read it; nothing lists the apps a second time. Each app's screen is
 * the shell's to load (app/screens.ts), so this list sits below the features that show it.
 */
export const appRegistry: AppEntry[] = [
  {
    id: "console",
    title: "System Console",
    icon: LayoutDashboard,
    route: "/dashboard",
    group: "system",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
  {
    id: "desktop",
    title: "Desktop OS",
    icon: Monitor,
    route: "/desktop",
    group: "system",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
  {
    id: "tools",
    title: "Tools & Agents",
    icon: Wrench,
    route: "/dashboard/tools",
    group: "system",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
  {
    id: "files",
    title: "Files",
    icon: FolderOpen,
    route: "/dashboard/files",
    group: "system",
    window: WINDOW,
    singleton: true,
    // The desktop's file manager: an icon on its grid, opening this screen in a window.
    onDesktop: true,
  },
  {
    id: "audio",
    title: "Audio I/O",
    icon: AudioLines,
    route: "/dashboard/audio",
    group: "system",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
  {
    id: "settings",
    title: "Settings",
    icon: Settings,
    route: "/dashboard/settings",
    group: "system",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
  {
    id: "notes-pad",
    title: "NotesPad",
    icon: NotebookPen,
    route: "/dashboard/apps/notes-pad",
    group: "apps",
    window: WINDOW,
    singleton: false,
    onDesktop: true,
  },
  {
    id: "smart-doc",
    title: "SmartDoc",
    icon: FileText,
    route: "/dashboard/apps/smart-doc",
    group: "apps",
    window: WINDOW,
    singleton: false,
    onDesktop: true,
  },
  {
    id: "logic-sheet",
    title: "LogicSheet",
    icon: Sheet,
    route: "/dashboard/apps/logic-sheet",
    group: "apps",
    window: WINDOW,
    singleton: false,
    onDesktop: true,
  },
  {
    id: "mind-planner",
    title: "MindPlanner",
    icon: ListTodo,
    route: "/dashboard/apps/mind-planner",
    group: "apps",
    window: WINDOW,
    singleton: false,
    onDesktop: true,
  },
  {
    id: "prompt-canvas",
    title: "PromptCanvas",
    icon: Sparkles,
    route: "/dashboard/apps/prompt-canvas",
    group: "apps",
    window: WINDOW,
    singleton: false,
    onDesktop: true,
  },
  {
    id: "ide",
    title: "Neuro IDE",
    icon: Code2,
    route: "/ide",
    group: "apps",
    window: WINDOW,
    singleton: true,
    onDesktop: true,
    sidebar: false,
  },
  {
    id: "vector-search",
    title: "Vector Search",
    icon: Search,
    route: "/vector-search",
    group: "apps",
    window: WINDOW,
    singleton: true,
    onDesktop: true,
    sidebar: false,
  },
  {
    id: "neuro-equality",
    title: "NeuroEquality OS",
    icon: Accessibility,
    route: "/neuro-equality",
    group: "neuro-equality",
    window: WINDOW,
    singleton: true,
    onDesktop: true,
    sidebar: false,
  },
  neuroTool({
    id: "visual-organizer",
    title: "Visual Organizer",
    description: "Sort your tasks into To do, Doing and Done.",
    icon: KanbanSquare,
    route: "/neuro-equality/organizer",
  }),
  neuroTool({
    id: "focus-timer",
    title: "Focus Timer",
    description: "Work in calm, timed sessions with a gentle end.",
    icon: Timer,
    route: "/neuro-equality/focus-timer",
  }),
  neuroTool({
    id: "communication",
    title: "Communication",
    description: "Say what you need with picture tiles that speak.",
    icon: MessageSquareText,
    route: "/neuro-equality/communication",
  }),
  neuroTool({
    id: "visual-calendar",
    title: "Visual Calendar",
    description: "See your month, with colours for each kind of event.",
    icon: CalendarDays,
    route: "/neuro-equality/calendar",
  }),
  neuroTool({
    id: "sensory-tools",
    title: "Sensory Tools",
    description: "Calming sounds and a breathing guide.",
    icon: Waves,
    route: "/neuro-equality/sensory-tools",
  }),
  neuroTool({
    id: "learning-center",
    title: "Learning Center",
    description: "Short lessons, quizzes and practice at your pace.",
    icon: GraduationCap,
    route: "/neuro-equality/learning-center",
  }),
  {
    id: "terminal",
    title: "Terminal",
    icon: SquareTerminal,
    route: "/terminal",
    group: "system-apps",
    window: WINDOW,
    singleton: false,
    onDesktop: false,
  },
  {
    id: "analytics",
    title: "Analytics",
    icon: BarChart3,
    route: "/analytics",
    group: "system-apps",
    window: WINDOW,
    singleton: true,
    onDesktop: false,
  },
];

/** The apps of a group, in registry order. */
export const appsIn = (group: AppGroup): AppEntry[] => appRegistry.filter((entry) => entry.group === group);
