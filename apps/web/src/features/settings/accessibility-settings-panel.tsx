import { FONT_SIZE_MAX, FONT_SIZE_MIN } from "@neuroos/contracts/accessibility-settings";
import { Button } from "@/components/ui/button";
import { RangeField } from "@/components/ui/range-field";
import { SwitchField } from "@/components/ui/switch";
import { setAccessibility, useAccessibility, useAccessibilitySaveError } from "@/lib/accessibility/settings";

const SYSTEM = "Following your system setting";

/**
 * Spec: the 'Accessibility Settings' view. Each change applies at once to the whole product and is
 * kept with the account; contrast and motion follow the system until the person chooses.
 */
export function AccessibilitySettingsPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const settings = useAccessibility();
  const saveError = useAccessibilitySaveError();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const followingSystem = settings.highContrast === null && settings.reducedMotion === null;
  return (
    <section aria-labelledby="accessibility-settings-title" className="grid gap-2">
      <Heading id="accessibility-settings-title" className="text-xl font-semibold">
        Accessibility Settings
      </Heading>
      <p className="text-sm text-muted-foreground">
        These apply everywhere in NeuroOS, on every device you sign in on.
      </p>
      <div className="divide-y divide-border">
        <SwitchField
          label="High contrast"
          hint={settings.highContrast === null ? SYSTEM : "Stronger colours and outlines"}
          checked={settings.highContrastOn}
          onCheckedChange={(highContrast) => setAccessibility({ highContrast })}
        />
        <SwitchField
          label="Large text"
          hint="Text and controls a quarter larger"
          checked={settings.largeText}
          onCheckedChange={(largeText) => setAccessibility({ largeText })}
        />
        <SwitchField
          label="Reduced motion"
          hint={settings.reducedMotion === null ? SYSTEM : "No animations or moving effects"}
          checked={settings.reducedMotionOn}
          onCheckedChange={(reducedMotion) => setAccessibility({ reducedMotion })}
        />
        <SwitchField
          label="Dark mode"
          checked={settings.darkMode}
          onCheckedChange={(darkMode) => setAccessibility({ darkMode })}
        />
        <SwitchField
          label="Sound effects"
          hint="Gentle sounds, such as when a focus session ends"
          checked={settings.soundEffects}
          onCheckedChange={(soundEffects) => setAccessibility({ soundEffects })}
        />
        <div className="py-3">
          <RangeField
            label="Font size"
            value={settings.fontSize}
            min={FONT_SIZE_MIN}
            max={FONT_SIZE_MAX}
            format={(px) => `${px} px`}
            onValueChange={(fontSize) => setAccessibility({ fontSize })}
          />
        </div>
      </div>
      {followingSystem ? null : (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setAccessibility({ highContrast: null, reducedMotion: null })}
          >
            Follow my system for contrast and motion
          </Button>
        </div>
      )}
      {saveError ? (
        <p role="status" className="text-sm text-danger-text">
          {saveError}
        </p>
      ) : null}
    </section>
  );
}
