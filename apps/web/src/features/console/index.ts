/** The console feature's public module. */
export { ConsoleChat } from "./console-chat";
export { ConsoleScreen } from "./console-screen";
