import { ConsoleScreen } from "../console/console-screen";

/** /dashboard: the System Console, the main console inside the dashboard shell. */
export function SystemConsolePage() {
  return (
    <>
      <title>System Console · NeuroOS</title>
      <ConsoleScreen variant="embedded" />
    </>
  );
}
