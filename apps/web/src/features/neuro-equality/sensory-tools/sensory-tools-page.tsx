import { NeuroToolFrame } from "../tool-frame";
import { BreathingGuide } from "./breathing-guide";
import { CalmingSounds } from "./calming-sounds";

/** /neuro-equality/sensory-tools: calming tones and a breathing guide. */
export function SensoryToolsPage() {
  return (
    <NeuroToolFrame title="Sensory Tools" description="Calming sounds and a breathing guide.">
      <div className="grid gap-4 md:grid-cols-2">
        <CalmingSounds />
        <BreathingGuide />
      </div>
    </NeuroToolFrame>
  );
}
