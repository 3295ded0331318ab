import { FileUp, TriangleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type ImportTable, readImportTable } from '../../core/transaction-import/table.ts';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Textarea } from '../ui/input.tsx';

/** Far more than 5,000 rows of any bank's export; a bigger file is not a statement. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const FILE_MESSAGES = {
  nothingChosen: 'Choose a CSV file, or paste the text of one',
  tooBig: 'The file is larger than 5 MB. Export a shorter period from your bank and try again.',
  unreadable: 'The file could not be read. Check it is a CSV file and try again.',
} as const;

/** Step 1: a CSV file from the bank, or its text pasted in. */
export function ChooseFileStep({ onRead }: { onRead: (table: ImportTable, source: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const fileHelpId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    let text = pasted;
    let source = 'Pasted text';
    if (file) {
      if (file.size > MAX_FILE_BYTES) {
        setError(FILE_MESSAGES.tooBig);
        return;
      }
      setReading(true);
      try {
        text = await file.text();
        source = file.name;
      } catch {
        setError(FILE_MESSAGES.unreadable);
        return;
      } finally {
        setReading(false);
      }
    } else if (pasted.trim() === '') {
      setError(FILE_MESSAGES.nothingChosen);
      return;
    }
    const result = readImportTable(text);
    if (!result.ok) setError(result.message);
    else onRead(result.table, source);
  };

  return (
    <form className="grid gap-6" noValidate onSubmit={(event) => void submit(event)}>
      <div className="grid gap-2">
        <label htmlFor="import-file" className="text-sm font-medium">
          CSV file from your bank
        </label>
        <p id={fileHelpId} className="text-sm text-muted-foreground">
          Download your statement from online banking as a CSV file (sometimes called "spreadsheet" or "Excel/CSV"). It
          needs a row of column names at the top.
        </p>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={fileHelpId}
          className="block w-full rounded-md border border-input bg-background text-sm text-foreground file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-secondary file:px-4 file:text-sm file:font-medium file:text-secondary-foreground hover:file:bg-accent focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </div>

      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

      <FormField
        label="Paste the CSV text"
        description={
          file ? (
            'The file you chose is used instead of pasted text.'
          ) : (
            <>
              Copy everything from the file, starting with its column names, for example{' '}
              <code className="font-mono text-xs">Date,Description,Amount</code>.
            </>
          )
        }
      >
        <Textarea
          rows={6}
          className="min-h-28 font-mono text-xs md:text-xs"
          value={pasted}
          disabled={file !== null}
          onChange={(event) => setPasted(event.target.value)}
        />
      </FormField>

      {error ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden />
          <AlertTitle>We could not use this file</AlertTitle>
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}

      <div>
        <Button type="submit" disabled={reading}>
          <FileUp aria-hidden />
          {reading ? 'Reading...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
