import { ConsoleScreen } from "../console";

/** /dashboard: the System Console, the main console inside the dashboard shell. */
export function SystemConsolePage() {
  return (
    <>
      <title>System Console · NeuroOS</title>
      <ConsoleScreen variant="embedded" />
    </>
  );
}
