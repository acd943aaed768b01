import { ConsoleScreen } from "./console-screen";

/** /console: the console on the whole screen. */
export function ConsolePage() {
  return (
    <>
      <title>Console · NeuroOS</title>
      <ConsoleScreen variant="full" />
    </>
  );
}
