import type { McpServerSummary, McpTransport } from "@neuroos/contracts";
import { type FormEvent, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { CheckboxField, TextareaField } from "@/features/settings";
import { errorMessage, HttpError } from "@/lib/api";
import { focusFirstInvalid } from "@/lib/form-validation";
import { useCreateMcpServer, useUpdateMcpServer } from "@/lib/resources/mcp-servers";
import { toast } from "@/lib/toast";
import { EnvEditor } from "./env-editor";
import { HeadersEditor } from "./headers-editor";
import { createInput, type DraftErrors, draftFrom, type ServerDraft, updateInput } from "./server-draft";

const transports: { value: McpTransport; label: string; hint: string }[] = [
  { value: "http", label: "Remote (URL)", hint: "A server on the web, over Streamable HTTP or SSE." },
  {
    value: "stdio",
    label: "Local (command)",
    hint: "A program started in the sandbox, with your workspace as its folder.",
  },
];

/** Adds an MCP server (server null) or edits one; validated with the contracts schemas. */
export function McpServerDialog({
  server,
  isAdmin,
  onClose,
}: {
  server: McpServerSummary | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ServerDraft>(() => draftFrom(server));
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useCreateMcpServer();
  const update = useUpdateMcpServer();
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<ServerDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const refuse = (found: DraftErrors) => {
      setErrors(found);
      focusFirstInvalid(form);
    };
    const onError = (error: Error) =>
      setErrors({
        ...(error instanceof HttpError && error.fields ? error.fields : {}),
        form: errorMessage(error, "The server could not be saved."),
      });
    const onSuccess = (saved: McpServerSummary) => {
      toast({ title: server ? "MCP server saved" : "MCP server added", description: saved.name });
      onClose();
    };
    setErrors({});
    if (server) {
      const parsed = updateInput(draft, isAdmin);
      if (!parsed.ok) return refuse(parsed.errors);
      update.mutate({ id: server.id, input: parsed.input }, { onSuccess, onError });
    } else {
      const parsed = createInput(draft, isAdmin);
      if (!parsed.ok) return refuse(parsed.errors);
      create.mutate(parsed.input, { onSuccess, onError });
    }
  }

  const local = draft.transport === "stdio";
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={server ? `Edit ${server.name}` : "Add MCP server"}
      description="Its tools can then be given to your agents."
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 p-5">
        {server ? null : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Kind</legend>
            {transports.map((t) => (
              <label key={t.value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="transport"
                  value={t.value}
                  checked={draft.transport === t.value}
                  onChange={() => set({ transport: t.value })}
                  className="mt-1 size-4 accent-primary focus-visible:outline-2 focus-visible:outline-ring"
                />
                <span>
                  <span className="font-medium">{t.label}</span>
                  <span className="block text-xs text-muted-foreground">{t.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <TextField
          name="name"
          label="Name"
          value={draft.name}
          error={errors.name}
          maxLength={40}
          autoComplete="off"
          hint={
            <>
              Lowercase letters, digits and hyphens. Its tools are named <code>name__tool</code>.
            </>
          }
          onChange={(e) => set({ name: e.target.value })}
        />
        {local ? (
          <>
            <TextField
              name="command"
              label="Command"
              placeholder="e.g. node"
              value={draft.command}
              error={errors.command}
              autoComplete="off"
              onChange={(e) => set({ command: e.target.value })}
            />
            <TextareaField
              name="args"
              label="Arguments, one per line"
              placeholder="e.g. server.mjs"
              value={draft.args}
              error={errors.args}
              onChange={(e) => set({ args: e.target.value })}
            />
            <EnvEditor rows={draft.env} error={errors.env} onRowsChange={(env) => set({ env })} />
          </>
        ) : (
          <>
            <TextField
              name="url"
              label="URL"
              type="url"
              placeholder="e.g. https://example.com/mcp"
              value={draft.url}
              error={errors.url}
              autoComplete="off"
              onChange={(e) => set({ url: e.target.value })}
            />
            <HeadersEditor
              rows={draft.headers}
              stored={server ? server.headers : null}
              replacing={draft.replaceHeaders}
              error={errors.headers}
              onRowsChange={(headers) => set({ headers })}
              onReplace={() =>
                set({
                  replaceHeaders: true,
                  headers: draft.headers.length ? draft.headers : [{ name: "", value: "" }],
                })
              }
            />
          </>
        )}
        {isAdmin ? <AdminChoices draft={draft} errors={errors} set={set} /> : null}
        <FormActions
          error={errors.form}
          pending={pending}
          label={server ? "Save server" : "Add server"}
          pendingLabel="Saving…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/** The admin's decisions: a server for every user; the network for a local one. */
function AdminChoices({
  draft,
  errors,
  set,
}: {
  draft: ServerDraft;
  errors: DraftErrors;
  set: (patch: Partial<ServerDraft>) => void;
}) {
  return (
    <div className="grid gap-3 rounded-md border border-border p-3">
      <CheckboxField
        label="Share with every user"
        description="Every user sees it and can give its tools to their agents; only you can change it."
        checked={draft.shared}
        onCheckedChange={(shared) => set({ shared })}
      />
      {errors.shared ? <p className="text-sm text-danger-text">{errors.shared}</p> : null}
      {draft.transport === "stdio" ? (
        <CheckboxField
          label="Allow network access"
          description="Its sandbox then shares this machine's network, services on it included. Without this it has no network at all."
          checked={draft.allowNetwork}
          onCheckedChange={(allowNetwork) => set({ allowNetwork })}
        />
      ) : null}
      {errors.allowNetwork ? <p className="text-sm text-danger-text">{errors.allowNetwork}</p> : null}
    </div>
  );
}
