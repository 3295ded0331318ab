import { Info, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { notify } from '../../app/notify.ts';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../ui/input.tsx';
import { SearchableSelect } from '../../ui/searchable-select.tsx';
import { Switch } from '../../ui/switch.tsx';
import {
  type BankDataEdit,
  type BankDataRow,
  type BankDataTab,
  bankDataKeys,
  fetchOverview,
  useEditBankDataRow,
  WARN_LEVELS,
} from './api.ts';

/** What saving does, said before the admin saves (issue 27). */
export const EDIT_CONSEQUENCE =
  'Saving marks this row as edited by hand. Savers see the change at once. A later import will not overwrite this row; differences go to the review queue.';

const TITLE: Record<BankDataTab, string> = {
  groups: 'Edit banking group',
  banks: 'Edit bank',
  isas: 'Edit ISA platform',
  pensions: 'Edit pension provider',
};

/** The fields each tab's rows take (the server refuses the others). */
const FIELDS: Record<BankDataTab, ReadonlySet<keyof BankDataEdit>> = {
  groups: new Set([
    'name',
    'legalName',
    'frn',
    'nameNote',
    'comments',
    'userMessage',
    'displayToUser',
    'warnUserLevel',
    'confidenceScore',
  ]),
  banks: new Set([
    'name',
    'frn',
    'bankingGroupId',
    'nameNote',
    'websiteUrl',
    'comments',
    'userMessage',
    'displayToUser',
    'warnUserLevel',
    'confidenceScore',
  ]),
  isas: new Set([
    'name',
    'legalName',
    'frn',
    'websiteUrl',
    'comments',
    'userMessage',
    'displayToUser',
    'warnUserLevel',
    'confidenceScore',
  ]),
  pensions: new Set([
    'name',
    'legalName',
    'frn',
    'comments',
    'userMessage',
    'displayToUser',
    'warnUserLevel',
    'confidenceScore',
  ]),
};

type Licence = { id: string; name: string; frn: string | null };

interface EditRowDialogProps {
  /** The row, and the button that opened the dialog (focus returns to it). */
  editing: { tab: BankDataTab; row: BankDataRow; opener?: HTMLElement | null } | null;
  onOpenChange: (open: boolean) => void;
}

export function EditRowDialog({ editing, onOpenChange }: EditRowDialogProps) {
  // Kept past closing: the dialog's row is gone by the time focus is given back.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (editing?.opener) opener.current = editing.opener;
  }, [editing]);
  return (
    <Dialog open={editing !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
        // Opened from a row's Edit button rather than a Radix trigger: focus goes back to that button.
        onCloseAutoFocus={(event) => {
          if (!opener.current?.isConnected) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        {editing ? (
          <EditRowForm
            key={`${editing.tab}/${editing.row.id}`}
            tab={editing.tab}
            row={editing.row}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

function EditRowForm({ tab, row, onDone }: { tab: BankDataTab; row: BankDataRow; onDone: () => void }) {
  const edit = useEditBankDataRow();
  const fields = FIELDS[tab];
  const [name, setName] = useState(row.name);
  const [legalName, setLegalName] = useState(row.legalName ?? '');
  const [frn, setFrn] = useState(row.frn ?? '');
  const [nameNote, setNameNote] = useState(row.nameNote ?? '');
  const [websiteUrl, setWebsiteUrl] = useState(row.websiteUrl ?? '');
  const [userMessage, setUserMessage] = useState(row.userMessage ?? '');
  const [comments, setComments] = useState(row.comments ?? '');
  const [displayToUser, setDisplayToUser] = useState(row.displayToUser);
  const [warnUserLevel, setWarnUserLevel] = useState(row.warnUserLevel);
  const [confidence, setConfidence] = useState(String(row.confidenceScore));
  const [licence, setLicence] = useState<Licence | null>(
    row.groupId ? { id: row.groupId, name: row.groupName ?? row.groupId, frn: null } : null,
  );
  const [error, setError] = useState<string | null>(null);

  /** Only what changed: an untouched field is not the admin's edit. */
  const changes = (): BankDataEdit => {
    const next: BankDataEdit = {};
    if (name.trim() !== row.name) next.name = name.trim();
    if (fields.has('legalName') && legalName.trim() !== (row.legalName ?? '')) next.legalName = legalName.trim();
    if (blankToNull(frn) !== row.frn) next.frn = blankToNull(frn);
    if (fields.has('nameNote') && blankToNull(nameNote) !== row.nameNote) next.nameNote = blankToNull(nameNote);
    if (fields.has('websiteUrl') && blankToNull(websiteUrl) !== row.websiteUrl)
      next.websiteUrl = blankToNull(websiteUrl);
    if (blankToNull(userMessage) !== row.userMessage) next.userMessage = blankToNull(userMessage);
    if (blankToNull(comments) !== row.comments) next.comments = blankToNull(comments);
    if (displayToUser !== row.displayToUser) next.displayToUser = displayToUser;
    if (warnUserLevel !== row.warnUserLevel) next.warnUserLevel = warnUserLevel;
    if (confidence.trim() !== String(row.confidenceScore)) next.confidenceScore = Number(confidence.trim());
    if (fields.has('bankingGroupId') && licence && licence.id !== row.groupId) next.bankingGroupId = licence.id;
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = changes();
    if (Object.keys(next).length === 0) {
      onDone();
      return;
    }
    setError(null);
    try {
      await edit.mutateAsync({ tab, id: row.id, edit: next });
      notify.success(`${name.trim() || row.name} saved`);
      onDone();
    } catch (failure) {
      console.error('Failed to save banking data row', failure);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <DialogHeader>
        <DialogTitle>{TITLE[tab]}</DialogTitle>
        <DialogDescription>{row.name}</DialogDescription>
      </DialogHeader>
      <Alert variant="info">
        <Info aria-hidden />
        <AlertTitle>What happens when you save</AlertTitle>
        <AlertDescription>{EDIT_CONSEQUENCE}</AlertDescription>
      </Alert>
      {error ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>Not saved</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <FormField label="Name">
        <Input value={name} maxLength={200} autoComplete="off" onChange={(e) => setName(e.target.value)} />
      </FormField>
      {fields.has('legalName') ? (
        <FormField label={tab === 'pensions' ? 'Legal entity' : 'Legal name'}>
          <Input value={legalName} maxLength={200} autoComplete="off" onChange={(e) => setLegalName(e.target.value)} />
        </FormField>
      ) : null}
      <FormField label={tab === 'isas' ? 'FCA reference' : 'FRN'} optional hint="6 or 7 digits">
        <Input
          value={frn}
          inputMode="numeric"
          maxLength={7}
          autoComplete="off"
          onChange={(e) => setFrn(e.target.value)}
        />
      </FormField>
      {fields.has('bankingGroupId') ? (
        <FormField
          label="Licence (banking group)"
          hint="Moving a brand to another licence changes which limit savers' money in it shares."
        >
          <SearchableSelect<Licence>
            value={licence}
            onChange={(next) => setLicence(next)}
            queryKey={(query) => [...bankDataKeys.all, 'licence-picker', query]}
            loadOptions={async (query, signal) =>
              (await fetchOverview('groups', query, 1, signal)).rows.map((g) => ({
                id: g.id,
                name: g.name,
                frn: g.frn,
              }))
            }
            getOptionKey={(g) => g.id}
            getOptionLabel={(g) => g.name}
            renderOption={(g) => (
              <span>
                {g.name}
                {g.frn ? <span className="text-muted-foreground"> · FRN {g.frn}</span> : null}
              </span>
            )}
            texts={{
              placeholder: 'Select banking group...',
              search: 'Search banking groups...',
              loading: 'Loading banking groups...',
              empty: 'No banking groups found.',
              failed: (message) => `Failed to load banking groups: ${message}`,
            }}
          />
        </FormField>
      ) : null}
      {fields.has('nameNote') ? (
        <FormField label="Name note" optional>
          <Input value={nameNote} maxLength={2000} autoComplete="off" onChange={(e) => setNameNote(e.target.value)} />
        </FormField>
      ) : null}
      {fields.has('websiteUrl') ? (
        <FormField label="Website" optional hint="Starting https://">
          <Input type="url" value={websiteUrl} maxLength={500} onChange={(e) => setWebsiteUrl(e.target.value)} />
        </FormField>
      ) : null}
      <FormField label="User message" optional description="Shown to savers next to this name.">
        <Textarea
          className="min-h-20"
          value={userMessage}
          maxLength={2000}
          onChange={(e) => setUserMessage(e.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Warn level">
          <NativeSelect value={warnUserLevel} onChange={(e) => setWarnUserLevel(e.target.value)}>
            {WARN_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level[0]!.toUpperCase() + level.slice(1)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Confidence (0 to 100)">
          <Input inputMode="numeric" value={confidence} maxLength={3} onChange={(e) => setConfidence(e.target.value)} />
        </FormField>
      </div>
      <div className="flex items-center justify-between gap-4 rounded-md border p-3">
        <label htmlFor={`display-${row.id}`} className="text-sm font-medium">
          Show the user message to savers
        </label>
        <Switch id={`display-${row.id}`} checked={displayToUser} onCheckedChange={setDisplayToUser} />
      </div>
      <FormField label="Comments" optional description="For admins only.">
        <Textarea
          className="min-h-20"
          value={comments}
          maxLength={2000}
          onChange={(e) => setComments(e.target.value)}
        />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          {edit.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
