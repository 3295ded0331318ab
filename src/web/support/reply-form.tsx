import { Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { MESSAGE_MAX_CHARS } from '../../core/support/tickets.ts';
import { refusalReason } from '../app/api.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Textarea } from '../ui/input.tsx';
import { AttachmentField, attachmentProblem } from './attachment-field.tsx';
import { useFocusFirstProblem } from './focus-first-problem.ts';
import { bodyProblem } from './ticket-form-rules.ts';

/**
 * A message box with an optional attachment: checks what it can before sending, shows the
 * server's refusal above the form, and clears itself once `send` succeeds.
 */
export function ReplyForm({
  label,
  submitLabel,
  send,
  allowsAttachment = true,
  extra,
}: {
  label: string;
  submitLabel: string;
  send: (input: { body: string; file: File | null }) => Promise<unknown>;
  /** False: no attachment field (an admin's internal note). */
  allowsAttachment?: boolean;
  /** More controls between the message and the button (an admin's note switch and status). */
  extra?: ReactNode;
}) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ body?: string | undefined; file?: string | undefined }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Remounts the file input, so a sent file is no longer shown as chosen.
  const [fileKey, setFileKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusFirstProblem(formRef);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = allowsAttachment ? file : null;
    const found = { body: bodyProblem(body) ?? undefined, file: attachmentProblem(chosen) ?? undefined };
    setErrors(found);
    setFormError(null);
    if (found.body || found.file) {
      focusFirstProblem();
      return;
    }
    setSending(true);
    try {
      await send({ body: body.trim(), file: chosen });
      setBody('');
      setFile(null);
      setFileKey((k) => k + 1);
      // The button, disabled while sending, lost the focus: the box takes it for the next message.
      formRef.current?.querySelector('textarea')?.focus();
    } catch (error) {
      setFormError(refusalReason(error) ?? 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4">
      <FormError message={formError} />
      <FormField label={label} error={errors.body}>
        <Textarea rows={5} value={body} onChange={(e) => setBody(e.target.value)} maxLength={MESSAGE_MAX_CHARS + 100} />
      </FormField>
      <p className="-mt-3 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
        {body.length.toLocaleString('en-GB')} / 5,000
      </p>
      {allowsAttachment ? (
        <AttachmentField key={fileKey} file={file} onChange={setFile} error={errors.file} disabled={sending} />
      ) : null}
      {extra}
      <Button type="submit" disabled={sending} className="w-full sm:w-fit">
        <Send aria-hidden />
        {sending ? 'Sending...' : submitLabel}
      </Button>
    </form>
  );
}
