import { Plug } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { errorMessage, HttpError } from "../../lib/api";
import { getMcpPrompt, useReadyMcpServers } from "../../lib/resources/mcp-servers";
import { CANVAS_MAX_CHARS, promptText } from "./mcp-prompt-text";

const selectClass =
  "h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/** A button that opens the MCP prompts; focus comes back to it when the dialog closes. */
export function UseMcpPrompt({ onUse }: { onUse: (prompt: { title: string; content: string }) => void }) {
  const [open, setOpen] = useState(false);
  // The dialog has no trigger of its own: focus goes back by hand to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outline"
        onClick={(event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <Plug aria-hidden="true" /> Use an MCP prompt
      </Button>
      <McpPromptDialog
        open={open}
        onClose={() => {
          setOpen(false);
          requestAnimationFrame(() => opener.current?.focus());
        }}
        onUse={onUse}
      />
    </>
  );
}

/**
 * The prompts of the person's ready MCP servers: pick one, fill in its arguments (the required
 * ones must be), and the server's filled-in messages become the canvas's prompt.
 */
export function McpPromptDialog({
  open,
  onClose,
  onUse,
}: {
  open: boolean;
  onClose: () => void;
  onUse: (prompt: { title: string; content: string }) => void;
}) {
  const servers = useReadyMcpServers(open);
  const offering = servers.ready.filter((s) => s.status.prompts.length > 0);
  const [serverId, setServerId] = useState("");
  const [name, setName] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const id = useId();
  const server = offering.find((s) => s.id === serverId) ?? offering[0];
  const prompt = server?.status.prompts.find((p) => p.name === name) ?? server?.status.prompts[0];

  useEffect(() => {
    if (open) return;
    setValues({});
    setErrors({});
    setFailure(null);
  }, [open]);
  const choose = (next: { serverId?: string; name: string }) => {
    if (next.serverId !== undefined) setServerId(next.serverId);
    setName(next.name);
    setValues({});
    setErrors({});
    setFailure(null);
  };

  const use = async (event: FormEvent) => {
    event.preventDefault();
    if (!server || !prompt || fetching) return;
    const missing = Object.fromEntries(
      prompt.arguments.filter((a) => a.required && !values[a.name]?.trim()).map((a) => [a.name, "Required"]),
    );
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length > 0) return;
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim()));
    setFetching(true);
    try {
      const result = await getMcpPrompt(server.id, { name: prompt.name, arguments: args });
      const content = promptText(result.messages);
      if (!content) throw new Error("The server gave this prompt no text.");
      if (content.length > CANVAS_MAX_CHARS)
        throw new Error(
          `The prompt is ${content.length.toLocaleString("en-US")} characters; the canvas holds at most ${CANVAS_MAX_CHARS.toLocaleString("en-US")}.`,
        );
      onUse({ title: `${server.name}: ${prompt.name}`, content });
      onClose();
    } catch (err) {
      const fields = err instanceof HttpError ? err.fields : undefined;
      if (fields)
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^arguments\./, ""), v])),
        );
      setFailure(errorMessage(err, "The prompt could not be fetched."));
    } finally {
      setFetching(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Use an MCP prompt"
      description="Its messages become the prompt on the canvas."
    >
      <form onSubmit={use} className="grid gap-4 p-5" noValidate>
        {servers.isPending && offering.length === 0 ? (
          <Spinner label="Asking your MCP servers..." />
        ) : servers.error && offering.length === 0 ? (
          <div className="grid justify-items-start gap-2">
            <p role="alert" className="text-sm text-danger-text">
              {errorMessage(servers.error, "Your MCP servers could not be listed.")}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={servers.refetch}>
              Try again
            </Button>
          </div>
        ) : offering.length === 0 ? (
          <p className="text-sm">None of your MCP servers is ready with prompts.</p>
        ) : (
          <>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-server`} className="text-sm font-medium">
                Server
              </label>
              <select
                id={`${id}-server`}
                value={server?.id ?? ""}
                onChange={(e) => choose({ serverId: e.target.value, name: "" })}
                className={selectClass}
              >
                {offering.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-prompt`} className="text-sm font-medium">
                Prompt
              </label>
              <select
                id={`${id}-prompt`}
                value={prompt?.name ?? ""}
                onChange={(e) => choose({ name: e.target.value })}
                aria-describedby={`${id}-about`}
                className={selectClass}
              >
                {server?.status.prompts.map((p) => (
                  <option key={p.name} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
              <p id={`${id}-about`} className="text-xs text-muted-foreground">
                {prompt?.description ?? ""}
              </p>
            </div>
            {prompt && prompt.arguments.length > 0 ? (
              <fieldset className="grid gap-3 rounded-md border border-border p-3">
                <legend className="px-1 text-sm font-medium">Arguments</legend>
                {prompt.arguments.map((arg) => (
                  <TextField
                    key={`${prompt.name} ${arg.name}`}
                    name={`argument-${arg.name}`}
                    label={`${arg.name}${arg.required ? " (required)" : ""}`}
                    placeholder={arg.description ?? undefined}
                    value={values[arg.name] ?? ""}
                    maxLength={10_000}
                    required={arg.required}
                    error={errors[arg.name]}
                    onChange={(e) => setValues({ ...values, [arg.name]: e.target.value })}
                  />
                ))}
              </fieldset>
            ) : null}
          </>
        )}
        {failure ? (
          <p role="alert" className="text-sm text-danger-text">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!prompt || fetching}>
            {fetching ? "Fetching..." : "Use prompt"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
