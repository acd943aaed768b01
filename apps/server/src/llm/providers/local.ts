import { LocalLanguageModel } from "../local/language-model";
import { findInstalled } from "../local/models-dir";
import type { LocalRuntime } from "../local/runtime";
import type { ProviderAdapter } from "../types";

/** The in-process provider: GGUF files in DATA_DIR/models run by llama.cpp. */
export function localAdapter(runtime: LocalRuntime): ProviderAdapter {
  const modelsDir = runtime.options.modelsDir;
  const installed = (modelId: string) => {
    const found = findInstalled(modelsDir, modelId);
    if (!found) throw new Error(`Local model '${modelId}' is not installed`);
    return found;
  };
  return {
    id: "local",
    supportsTools: false,
    languageModel(_connection, modelId) {
      const model = installed(modelId);
      return new LocalLanguageModel(model.name, model.path, runtime);
    },
    async ping(_connection, _signal, modelId) {
      const model = installed(modelId);
      const info = await runtime.inspect(model.path);
      const mb = Math.round(model.sizeBytes / 1e6);
      return `${model.name}: ${info.architecture}, ${mb} MB, ${runtime.threads} threads`;
    },
  };
}
