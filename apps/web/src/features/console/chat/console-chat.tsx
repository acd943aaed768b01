import { ConsoleProvider } from "../console-context";
import { ChatPanel } from "./chat-panel";

/** The console's chat on its own (sessions, agents, tool cards, approvals), for other screens: the IDE's agent mode. */
export function ConsoleChat() {
  return (
    <ConsoleProvider>
      <ChatPanel />
    </ConsoleProvider>
  );
}
