import { Plug } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type McpItemKind,
  ReadyMcpItemFields,
  useReadyMcpItem,
} from "@/components/mcp/ready-mcp-item-fields";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, HttpError } from "@/lib/api";
import { getMcpPrompt, type ReadyMcpServer } from "@/lib/resources/mcp-servers";
import { CANVAS_MAX_CHARS, promptText } from "./mcp-prompt-text";

type McpPromptInfo = ReadyMcpServer["status"]["prompts"][number];

const prompts: McpItemKind<McpPromptInfo> = {
  label: "Prompt",
  itemsOf: (server) => server.status.prompts,
  keyOf: (prompt) => prompt.name,
  nameOf: (prompt) => prompt.name,
  about: (prompt) => prompt.description ?? "",
};

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
  const choice = useReadyMcpItem(open, prompts);
  const { server, item: prompt } = choice;
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);

  const clear = () => {
    setValues({});
    setErrors({});
    setFailure(null);
  };
  useEffect(() => {
    if (open) return;
    setValues({});
    setErrors({});
    setFailure(null);
  }, [open]);

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
        <ReadyMcpItemFields
          choice={choice}
          empty={<p className="text-sm">None of your MCP servers is ready with prompts.</p>}
          onChoose={clear}
        >
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
        </ReadyMcpItemFields>
        <FormActions
          error={failure}
          pending={fetching}
          disabled={!prompt}
          label="Use prompt"
          pendingLabel="Fetching..."
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
