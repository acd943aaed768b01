import {
  AAC_CATEGORY_NAME_MAX,
  AAC_PHRASE_MAX,
  type AacCustomCategory,
  type AacCustomPhrase,
  aacCustomCategorySchema,
  aacCustomPhraseSchema,
} from "@neuroos/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Category } from "./board";
import { SymbolPicker } from "./symbol-picker";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

type Errors = Partial<Record<"text" | "symbol", string>>;

/** The first message per field of a failed parse, and "Choose a symbol" when none was chosen. */
function errorsOf(
  issues: { path: PropertyKey[]; message: string }[],
  symbol: string | null,
  textKey: string,
): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    if (issue.path[0] === textKey) errors.text ??= issue.message;
  }
  if (!symbol) errors.symbol = "Choose a symbol";
  return errors;
}

function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: React.ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-5">
      {children}
      <Button type="submit" className="justify-self-end">
        Add
      </Button>
    </form>
  );
}

/** A phrase of the person's own: its words, its category and a symbol found by search. */
export function AddPhraseDialog({
  open,
  onOpenChange,
  categories,
  defaultCategoryId,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: Category[];
  defaultCategoryId: string;
  onAdd: (phrase: AacCustomPhrase) => void;
}) {
  const [text, setText] = useState("");
  const [categoryId, setCategoryId] = useState(defaultCategoryId);
  const [symbol, setSymbol] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const add = () => {
    const parsed = aacCustomPhraseSchema.safeParse({
      id: crypto.randomUUID(),
      categoryId,
      text,
      symbol: symbol ?? "",
    });
    if (!parsed.success || !symbol) {
      setErrors(errorsOf(parsed.success ? [] : parsed.error.issues, symbol, "text"));
      return;
    }
    onAdd(parsed.data);
    setText("");
    setSymbol(null);
    setErrors({});
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a phrase"
      description="It joins the board as a tile."
    >
      <DialogForm onSubmit={add}>
        <Field label="Phrase" error={errors.text}>
          {(control) => (
            <Input
              {...control}
              value={text}
              maxLength={AAC_PHRASE_MAX}
              onChange={(e) => setText(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Category">
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={categoryId}
              onChange={(e) => setCategoryId(e.currentTarget.value)}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <SymbolPicker chosen={symbol} onChoose={setSymbol} error={errors.symbol} />
      </DialogForm>
    </Dialog>
  );
}

/** A category of the person's own: its name and a symbol found by search. */
export function AddCategoryDialog({
  open,
  onOpenChange,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (category: AacCustomCategory) => void;
}) {
  const [name, setName] = useState("");
  const [symbol, setSymbol] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const add = () => {
    const parsed = aacCustomCategorySchema.safeParse({ id: crypto.randomUUID(), name, symbol: symbol ?? "" });
    if (!parsed.success || !symbol) {
      setErrors(errorsOf(parsed.success ? [] : parsed.error.issues, symbol, "name"));
      return;
    }
    onAdd(parsed.data);
    setName("");
    setSymbol(null);
    setErrors({});
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a category"
      description="Its phrases get their own page."
    >
      <DialogForm onSubmit={add}>
        <Field label="Category name" error={errors.text}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={AAC_CATEGORY_NAME_MAX}
              onChange={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <SymbolPicker chosen={symbol} onChoose={setSymbol} error={errors.symbol} />
      </DialogForm>
    </Dialog>
  );
}
