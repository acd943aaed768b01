import type { PublishEntryInput } from "@neuroos/contracts";
import { LoaderCircle } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, HttpError } from "@/lib/api";
import { usePublish, usePublishable } from "@/lib/resources/marketplace";
import { toast } from "@/lib/toast";

const controlClass =
  "w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/** Publishes one of the person's agents or saved prompts as a private marketplace entry. */
export function PublishDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const publishable = usePublishable(open);
  const publish = usePublish();
  const [source, setSource] = useState("");
  const [title, setTitle] = useState("");
  const [shortDescription, setShortDescription] = useState("");
  const [description, setDescription] = useState("");
  const fields = publish.error instanceof HttpError ? (publish.error.fields ?? {}) : {};

  const choose = (value: string) => {
    setSource(value);
    const [type, id] = value.split(":");
    const agent = type === "agent" ? publishable.data?.agents.find((a) => a.id === id) : undefined;
    const prompt = type === "prompt" ? publishable.data?.prompts.find((p) => p.id === id) : undefined;
    if (!title) setTitle(agent?.name ?? prompt?.title ?? "");
    if (!description) setDescription(agent?.description ?? prompt?.content ?? "");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [type, ...rest] = source.split(":");
    const input = {
      source: { type, id: rest.join(":") },
      title,
      shortDescription,
      description,
    } as PublishEntryInput;
    publish.mutate(input, {
      onSuccess: (item) => {
        toast({
          title: "Published",
          description: `“${item.title}” is in the marketplace, private until the admin makes it public.`,
        });
        setSource("");
        setTitle("");
        setShortDescription("");
        setDescription("");
        publish.reset();
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Publish to the marketplace"
      description="One of your agents or saved prompts, as a private entry the admin can make public."
    >
      <form onSubmit={submit} className="grid gap-4 p-5" noValidate>
        <Field label="What to publish" error={fields.source ?? fields["source.id"]}>
          {(control) => (
            <select
              {...control}
              required
              value={source}
              onChange={(e) => choose(e.target.value)}
              className={`${controlClass} h-10`}
            >
              <option value="">{publishable.isPending ? "Loading…" : "Choose an agent or a prompt"}</option>
              <optgroup label="Agents">
                {publishable.data?.agents.map((a) => (
                  <option key={a.id} value={`agent:${a.id}`}>
                    {a.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Saved prompts">
                {publishable.data?.prompts.map((p) => (
                  <option key={p.id} value={`prompt:${p.id}`}>
                    {p.title}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <TextField
          name="title"
          label="Title"
          value={title}
          maxLength={80}
          onChange={(e) => setTitle(e.target.value)}
          error={fields.title}
        />
        <TextField
          name="shortDescription"
          label="Short description"
          value={shortDescription}
          maxLength={160}
          onChange={(e) => setShortDescription(e.target.value)}
          error={fields.shortDescription}
        />
        <Field label="Description" error={fields.description}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={4000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className={`${controlClass} py-2`}
            />
          )}
        </Field>
        {publishable.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {errorMessage(publishable.error, "Your agents and prompts could not be listed.")}
          </p>
        ) : null}
        {publish.error && !Object.keys(fields).length ? (
          <p role="alert" className="text-sm text-danger-text">
            {errorMessage(publish.error, "The entry could not be published.")}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={publish.isPending || !source}>
            {publish.isPending ? (
              <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
            ) : null}
            Publish
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
