import { useCallback, useRef } from "react";
import { useProviders } from "@/lib/resources/providers";
import { SetupCard } from "../settings";

/**
 * Whether a model can answer the app's AI actions. When none can, `notice` is the console's own
 * setup card (a running Ollama, an API key, or the local model) and `ready()` brings it into
 * view instead of sending a request that can only fail.
 */
export function useAiSetup(what: string) {
  const providers = useProviders();
  const card = useRef<HTMLDivElement>(null);
  const missing = providers.data?.usableProvider === null ? providers.data.providers : null;
  const ready = useCallback(() => {
    if (!missing) return true;
    card.current?.scrollIntoView({ block: "nearest" });
    const heading = card.current?.querySelector<HTMLElement>("h2");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus();
    return false;
  }, [missing]);
  const notice = missing ? (
    <div ref={card} className="[&_h2]:outline-none">
      <SetupCard providers={missing} title={`Connect a model to use ${what}`} />
    </div>
  ) : null;
  return { ready, notice };
}
