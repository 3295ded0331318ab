import { CircleAlert } from 'lucide-react';
import { Alert, AlertTitle } from './alert.tsx';

/** The message above a form when submitting it failed as a whole (not one field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className="mb-5" role="alert">
      <CircleAlert aria-hidden />
      <AlertTitle>{message}</AlertTitle>
    </Alert>
  );
}
