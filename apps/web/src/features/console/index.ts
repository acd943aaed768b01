/** The console feature's public module. */
export { ConsoleChat } from "./chat/console-chat";
export { ConsoleScreen } from "./console-screen";
