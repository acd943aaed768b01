/** The settings feature's public module: form fields and local models shared with other screens. */
export * from "./fields";
export { LocalModels } from "./local-models";
export { SetupCard } from "./setup-card";
