import type { AppDocumentSummary } from "@neuroos/contracts";
import { type ReactNode, useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { SyncStatus } from "@/lib/documents/document-sync";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { DocumentBar } from "./document-bar";
import { SyncLine } from "./sync-line";

/** What the frame needs of the app's documents (useDocument gives it). */
interface DocumentControls {
  id: string | null;
  title: string;
  setTitle: (title: string) => void;
  documents: AppDocumentSummary[];
  status: SyncStatus;
  message: string | null;
  open: (id: string) => Promise<boolean>;
  create: () => Promise<boolean>;
  remove: (id: string) => Promise<void>;
  restore: (id: string) => Promise<boolean>;
  keepMine: () => void;
  takeTheirs: () => void;
}

/**
 * The frame every app screen shares: its heading, where its document stands (saved, offline,
 * changed elsewhere), the list of its documents, and the model setup when no model can answer.
 */
export function AppScreen({
  title,
  document: doc,
  noun,
  defaultTitle,
  setup,
  draft,
  children,
}: {
  title: string;
  document: DocumentControls;
  /** What one document is called ('note'); without it the app keeps one document: no list, no title field. */
  noun?: string;
  defaultTitle: string;
  /** The model setup card while no model can answer (from useAiSetup). */
  setup: ReactNode;
  /** Edits the app holds outside its document until the person saves them (lost on leaving). */
  draft?: { unsaved: boolean; what: string };
  children: ReactNode;
}) {
  const titleId = useId();
  useUnsavedChanges(draft?.unsaved ?? false, draft?.what ?? "");
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl gap-4 p-4 sm:p-6">
      <title>{`${title} · NeuroOS`}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <SyncLine
          status={doc.status}
          title={doc.title}
          message={doc.message}
          onKeepMine={doc.keepMine}
          onTakeTheirs={doc.takeTheirs}
        />
      </div>
      {noun ? (
        <DocumentBar
          noun={noun}
          documents={doc.documents}
          openId={doc.id}
          defaultTitle={defaultTitle}
          onOpen={doc.open}
          onCreate={doc.create}
          onRemove={doc.remove}
          onRestore={doc.restore}
        />
      ) : null}
      {setup}
      {noun ? (
        <div className="grid gap-1.5">
          <Label htmlFor={titleId}>Title</Label>
          <Input
            id={titleId}
            value={doc.title}
            maxLength={200}
            onChange={(e) => doc.setTitle(e.currentTarget.value)}
          />
        </div>
      ) : null}
      {children}
    </div>
  );
}
