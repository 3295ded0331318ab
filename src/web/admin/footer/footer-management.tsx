import { CheckCircle2, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { checkContrast, DEFAULT_FOOTER, type FooterContent } from '../../../core/footer/footer-content.ts';
import { FOOTER_MESSAGES } from '../../../core/footer/messages.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { DeleteDialogFooter } from '../../ui/delete-dialog-footer.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { dateTimeText } from '../bank-data/report-text.ts';
import { type AdminFooter, useActivateFooter, useAdminFooters, useCreateFooter, useDeleteFooter } from './api.ts';
import { ContrastWarning, FooterEditor, FooterPreview } from './footer-editor.tsx';

const failsContrast = (content: FooterContent) =>
  content.kind === 'structured' && !checkContrast(content.footer.backgroundColor, content.footer.textColor).meetsAA;

const nameOf = (footer: AdminFooter) => `Footer updated ${dateTimeText(footer.updatedAt)}`;

/** A confirmation for one footer: its question, what it means, and the buttons (which keep it open while busy). */
function ConfirmDialog({
  title,
  description,
  children,
  actions,
  onClose,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  actions: (busy: { busy: boolean; setBusy: (busy: boolean) => void }) => ReactNode;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {actions({ busy, setBusy })}
      </DialogContent>
    </Dialog>
  );
}

/** What a footer's confirmation is given: the footer, and what Cancel and the confirming button do. */
type FooterDialogProps = { footer: AdminFooter; onClose: () => void; onConfirm: () => Promise<void> };

function ActivateDialog({ footer, onClose, onConfirm }: FooterDialogProps) {
  return (
    <ConfirmDialog
      title="Activate a footer that fails contrast?"
      description="Every page will show this footer."
      onClose={onClose}
      actions={({ busy, setBusy }) => (
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? 'Activating...' : 'Activate anyway'}
          </Button>
        </DialogFooter>
      )}
    >
      {footer.content.kind === 'structured' ? <ContrastWarning footer={footer.content.footer} /> : null}
    </ConfirmDialog>
  );
}

function DeleteDialog({ footer, onClose, onConfirm }: FooterDialogProps) {
  return (
    <ConfirmDialog
      title="Delete this footer?"
      description={`${nameOf(footer)} will be gone for good. It is not the active footer, so no page changes.`}
      onClose={onClose}
      actions={({ busy, setBusy }) => (
        <DeleteDialogFooter busy={busy} setBusy={setBusy} onClose={onClose} onConfirm={onConfirm} />
      )}
    />
  );
}

function FooterCard({
  footer,
  editing,
  onEdit,
  onActivate,
  onDelete,
  busy,
}: {
  footer: AdminFooter;
  editing: boolean;
  onEdit: () => void;
  onActivate: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const name = nameOf(footer);
  const headingId = `footer-${footer.id}-heading`;
  return (
    <li>
      <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h3 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
              {name}
              {footer.isActive ? (
                <Badge variant="success">
                  <CheckCircle2 aria-hidden />
                  Active
                </Badge>
              ) : null}
            </h3>
            <p className="text-sm text-muted-foreground">
              {footer.content.kind === 'html' ? 'Raw HTML' : 'Fields'} · created {dateTimeText(footer.createdAt)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant={editing ? 'secondary' : 'outline'}
              onClick={onEdit}
              aria-expanded={editing}
              aria-label={editing ? `Close editor for ${name}` : `Edit ${name}`}
            >
              <Pencil aria-hidden />
              {editing ? 'Close editor' : 'Edit'}
            </Button>
            {footer.isActive ? null : (
              <>
                <Button type="button" size="sm" onClick={onActivate} disabled={busy} aria-label={`Activate ${name}`}>
                  Activate
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="destructive"
                  onClick={onDelete}
                  disabled={busy}
                  aria-label={`Delete ${name}`}
                >
                  <Trash2 aria-hidden />
                  Delete
                </Button>
              </>
            )}
          </div>
        </div>
        {editing ? (
          <FooterEditor footer={footer} />
        ) : (
          <FooterPreview content={footer.content} label={`${name} preview`} />
        )}
      </article>
    </li>
  );
}

/**
 * Footer management (000 §4 "Footer management", §7; issue 30): the footers, most recently
 * updated first, the active one marked; create one from the spec's defaults, edit it in place,
 * activate it (exactly one is active), delete one that is not active. Toasts use the spec's texts.
 */
export function FooterManagement() {
  const footers = useAdminFooters();
  const create = useCreateFooter();
  const activate = useActivateFooter();
  const remove = useDeleteFooter();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [confirmActivate, setConfirmActivate] = useState<AdminFooter | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<AdminFooter | null>(null);

  const createFooter = async () => {
    try {
      const footer = await create.mutateAsync(DEFAULT_FOOTER);
      notify.success(FOOTER_MESSAGES.created);
      setEditingId(footer.id);
    } catch (error) {
      notify.error(FOOTER_MESSAGES.saveFailed, { detail: refusalReason(error) });
    }
  };
  const activateFooter = async (footer: AdminFooter) => {
    try {
      await activate.mutateAsync(footer.id);
      notify.success(FOOTER_MESSAGES.activated);
      setConfirmActivate(null);
    } catch (error) {
      notify.error(FOOTER_MESSAGES.activateFailed, { detail: refusalReason(error) });
    }
  };
  const deleteFooter = async (footer: AdminFooter) => {
    try {
      await remove.mutateAsync(footer.id);
      notify.success(FOOTER_MESSAGES.deleted);
      if (editingId === footer.id) setEditingId(null);
      setConfirmDelete(null);
    } catch (error) {
      notify.error(FOOTER_MESSAGES.deleteFailed, { detail: refusalReason(error) });
    }
  };

  return (
    <section aria-labelledby="footer-management-heading" className="grid gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="footer-management-heading" className="text-xl font-semibold">
            Footer
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            The footer on every page. One footer is active; until one is, pages show the default (Legal and Contact on
            SavvyPig pink). The cookie preferences and plans links are always added.
          </p>
        </div>
        <Button type="button" onClick={() => void createFooter()} disabled={create.isPending}>
          <Plus aria-hidden />
          {create.isPending ? 'Creating...' : 'New footer'}
        </Button>
      </div>
      {footers.isPending ? (
        <SectionSkeleton rows={3} label="Loading the footers" />
      ) : footers.isError || !footers.data ? (
        <SectionLoadError
          message={FOOTER_MESSAGES.loadFailed}
          onRetry={() => void footers.refetch()}
          retrying={footers.isFetching}
        />
      ) : footers.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
          No footers yet: pages show the default. Create one to change it.
        </p>
      ) : (
        <ul aria-label="Footers" className="grid gap-4">
          {footers.data.map((footer) => (
            <FooterCard
              key={footer.id}
              footer={footer}
              editing={editingId === footer.id}
              busy={activate.isPending || remove.isPending}
              onEdit={() => setEditingId(editingId === footer.id ? null : footer.id)}
              onActivate={() =>
                failsContrast(footer.content) ? setConfirmActivate(footer) : void activateFooter(footer)
              }
              onDelete={() => setConfirmDelete(footer)}
            />
          ))}
        </ul>
      )}
      {confirmActivate ? (
        <ActivateDialog
          footer={confirmActivate}
          onClose={() => setConfirmActivate(null)}
          onConfirm={() => activateFooter(confirmActivate)}
        />
      ) : null}
      {confirmDelete ? (
        <DeleteDialog
          footer={confirmDelete}
          onClose={() => setConfirmDelete(null)}
          onConfirm={() => deleteFooter(confirmDelete)}
        />
      ) : null}
    </section>
  );
}
