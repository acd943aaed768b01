/** What every app screen shares: its frame, the document list, the model setup, downloads. */
export { useAiSetup } from "./ai-setup";
export { AppScreen } from "./app-screen";
export { downloadFile, downloadText, fileNameOf } from "./download";
export { SyncLine } from "./sync-line";
