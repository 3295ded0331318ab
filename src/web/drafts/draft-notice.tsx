import { formatDistanceToNow } from 'date-fns';
import { enGB } from 'date-fns/locale';
import { History } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** The quiet note above a form whose unsaved changes came back from a draft. */
export function DraftNotice({ restoredAt, onDiscard }: { restoredAt: number | null; onDiscard: () => void }) {
  if (restoredAt === null) return null;
  return (
    <Alert variant="info" role="status" className="mb-5">
      <History aria-hidden />
      <AlertTitle>Draft restored</AlertTitle>
      <AlertDescription>
        <p>
          We kept the changes you hadn't saved {formatDistanceToNow(restoredAt, { addSuffix: true, locale: enGB })}.
          Save to keep them.
        </p>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onDiscard}>
          Discard draft
        </Button>
      </AlertDescription>
    </Alert>
  );
}
