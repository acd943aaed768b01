import { type MessageOutput, outputIsCut } from "@neuroos/contracts";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { fetchFullOutput } from "@/lib/resources/outputs";
import { OutputFiles } from "./lazy-output-files";
import { storedRun } from "./outputs";
import { RunOutput } from "./run-output";

/**
 * A run's output as it was stored with its message (after a reload, on another device): the
 * start of a long one, with "Show all" reading the rest; then the files it wrote.
 */
export function StoredOutput({
  sessionId,
  output,
  outputHeight,
}: {
  sessionId: string;
  output: MessageOutput;
  outputHeight?: string;
}) {
  const [whole, setWhole] = useState<MessageOutput | null>(null);
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const cut = whole === null && outputIsCut(output);
  const showAll = async () => {
    setState({ loading: true, error: null });
    try {
      setWhole(await fetchFullOutput(sessionId, output.id));
      setState({ loading: false, error: null });
    } catch (err) {
      setState({ loading: false, error: errorMessage(err, "The whole output could not be read.") });
    }
  };
  return (
    <div data-output-id={output.id}>
      <RunOutput run={storedRun(output, whole ?? undefined)} outputHeight={outputHeight} />
      {cut ? (
        <div className="flex flex-wrap items-center gap-2 border-t border-border px-3 py-1.5 text-xs text-muted-foreground">
          <span>
            Showing the first {(output.stdout.length + output.stderr.length).toLocaleString("en-US")} of{" "}
            {output.outputChars.toLocaleString("en-US")} characters.
          </span>
          <Button
            variant="outline"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={showAll}
            disabled={state.loading}
          >
            {state.loading ? "Reading..." : "Show all"}
          </Button>
          {state.error ? (
            <span role="alert" className="text-danger-text">
              {state.error}
            </span>
          ) : null}
        </div>
      ) : null}
      <OutputFiles files={output.files} />
    </div>
  );
}
