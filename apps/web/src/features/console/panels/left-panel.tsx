import { FileSystemPanel } from "./file-system-panel";
import { ModulesPanel } from "./modules-panel";
import { NetworkServicesPanel } from "./network-services-panel";

/** The console's left panel: workspace files, system modules and network services. */
export function LeftPanel() {
  return (
    <div className="grid content-start gap-5 p-3">
      <FileSystemPanel />
      <ModulesPanel />
      <NetworkServicesPanel />
    </div>
  );
}
