/** The NeuroEquality suite's public module: what other features use of it. */
export { AccessibilitySettingsPanel } from "./accessibility-settings-panel";
export { NeuroToolFrame } from "./tool-frame";
