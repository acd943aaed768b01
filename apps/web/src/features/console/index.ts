/** The console feature's public module. */
export { ConsoleScreen } from "./console-screen";
