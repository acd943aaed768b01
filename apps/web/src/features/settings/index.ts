/**
 * The settings feature's public module: form fields, local models, the model setup card and the
 * accessibility settings, shared with other screens.
 */
export { AccessibilitySettingsPanel } from "./accessibility-settings-panel";
export * from "./fields";
export { LocalModels } from "./local-models";
export { SetupCard } from "./setup-card";
