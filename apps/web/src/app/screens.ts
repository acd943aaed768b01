import type { ComponentType } from "react";
import type { ScreenLoader, ScreenModule } from "../lib/apps/screens";

/** Picks a named export as a screen module. */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): () => Promise<ScreenModule> {
  return () => load().then((m) => ({ default: pick(m) }));
}

/**
 * Each app's screen (by its id in the registry), loaded on first use: only the shell knows the
 * screens, so the registry below the features imports none of them.
 */
export const appScreens: Record<string, ScreenLoader> = {
  console: screen(
    () => import("../features/dashboard/system-console-page"),
    (m) => m.SystemConsolePage,
  ),
  desktop: screen(
    () => import("../features/desktop/desktop-page"),
    (m) => m.DesktopPage,
  ),
  tools: screen(
    () => import("../features/agents/tools-page"),
    (m) => m.ToolsPage,
  ),
  files: screen(
    () => import("../features/files/files-page"),
    (m) => m.FilesPage,
  ),
  audio: screen(
    () => import("../features/audio/audio-page"),
    (m) => m.AudioPage,
  ),
  settings: screen(
    () => import("../features/settings/settings-page"),
    (m) => m.SettingsPage,
  ),
  "notes-pad": screen(
    () => import("../features/notes/notes-page"),
    (m) => m.NotesPage,
  ),
  "smart-doc": screen(
    () => import("../features/smart-doc/smart-doc-page"),
    (m) => m.SmartDocPage,
  ),
  "logic-sheet": screen(
    () => import("../features/logic-sheet/logic-sheet-page"),
    (m) => m.LogicSheetPage,
  ),
  "mind-planner": screen(
    () => import("../features/mind-planner/mind-planner-page"),
    (m) => m.MindPlannerPage,
  ),
  "prompt-canvas": screen(
    () => import("../features/prompt-canvas/prompt-canvas-page"),
    (m) => m.PromptCanvasPage,
  ),
  ide: screen(
    () => import("../features/ide/ide-page"),
    (m) => m.IdePage,
  ),
  "vector-search": screen(
    () => import("../features/vector-search/vector-search-page"),
    (m) => m.VectorSearchPage,
  ),
  "neuro-equality": screen(
    () => import("../features/neuro-equality/hub-page"),
    (m) => m.NeuroEqualityPage,
  ),
  "visual-organizer": screen(
    () => import("../features/neuro-equality/organizer/organizer-page"),
    (m) => m.OrganizerPage,
  ),
  "focus-timer": screen(
    () => import("../features/neuro-equality/focus-timer/focus-timer-page"),
    (m) => m.FocusTimerPage,
  ),
  communication: screen(
    () => import("../features/neuro-equality/communication/communication-page"),
    (m) => m.CommunicationPage,
  ),
  "visual-calendar": screen(
    () => import("../features/neuro-equality/calendar/calendar-page"),
    (m) => m.CalendarPage,
  ),
  "sensory-tools": screen(
    () => import("../features/neuro-equality/sensory-tools/sensory-tools-page"),
    (m) => m.SensoryToolsPage,
  ),
  "learning-center": screen(
    () => import("../features/neuro-equality/learning-center/learning-center-page"),
    (m) => m.LearningCenterPage,
  ),
  terminal: screen(
    () => import("../features/terminal/terminal-page"),
    (m) => m.TerminalPage,
  ),
  analytics: screen(
    () => import("../features/analytics/analytics-page"),
    (m) => m.AnalyticsPage,
  ),
};
