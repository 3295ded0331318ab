import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATEGORY_LABELS, SUPPORT_MESSAGES, TICKET_CATEGORIES } from '../../core/support/tickets.ts';
import { refusalReason } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { paths } from '../app/paths.ts';
import { Button } from '../ui/button.tsx';
import { buttonVariants } from '../ui/button-variants.ts';
import { Card, CardContent } from '../ui/card.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import { useOpenTicket } from './api.ts';
import { useFocusFirstProblem } from './focus-first-problem.ts';
import { AttachmentField, attachmentProblem } from './attachment-field.tsx';
import { bodyProblem, categoryProblem, subjectProblem } from './ticket-form-rules.ts';

type Errors = Partial<Record<'subject' | 'category' | 'body' | 'file', string>>;

/** /settings/support/new: a new ticket with its first message and an optional attachment. */
export function NewTicketPage() {
  const navigate = useNavigate();
  const open = useOpenTicket();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusFirstProblem(formRef);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    for (const [field, problem] of [
      ['category', categoryProblem(category)],
      ['subject', subjectProblem(subject)],
      ['body', bodyProblem(body)],
      ['file', attachmentProblem(file)],
    ] as const) {
      if (problem) found[field] = problem;
    }
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstProblem();
      return;
    }
    try {
      const thread = await open.mutateAsync({ subject: subject.trim(), category, body: body.trim(), file });
      notify.success(SUPPORT_MESSAGES.created);
      void navigate(paths.supportTicket(thread.ticket.id));
    } catch (error) {
      setFormError(refusalReason(error) ?? 'Your ticket could not be sent. Please try again.');
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10">
      <Link to={paths.support()} className={`${buttonVariants({ variant: 'ghost', size: 'sm' })} -ml-3`}>
        <ArrowLeft aria-hidden />
        Your tickets
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">New support ticket</h1>
      <p className="mt-2 text-muted-foreground">
        Tell us what you need. Please don’t include passwords or full account numbers.
      </p>
      <Card className="mt-6">
        <CardContent>
          <FormError message={formError} />
          <form ref={formRef} noValidate onSubmit={submit} className="grid gap-5">
            <FormField label="What is it about?" error={errors.category}>
              <NativeSelect value={category} onChange={(e) => setCategory(e.target.value)}>
                <option value="" disabled>
                  Choose a topic
                </option>
                {TICKET_CATEGORIES.map((value) => (
                  <option key={value} value={value}>
                    {CATEGORY_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Subject" error={errors.subject}>
              <Input value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={300} />
            </FormField>
            <FormField label="Message" error={errors.body}>
              <Textarea rows={7} value={body} onChange={(e) => setBody(e.target.value)} />
            </FormField>
            <p className="-mt-3 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
              {body.length.toLocaleString('en-GB')} / 5,000
            </p>
            <AttachmentField file={file} onChange={setFile} error={errors.file} disabled={open.isPending} />
            <Button type="submit" size="lg" disabled={open.isPending} className="w-full sm:w-fit">
              <Send aria-hidden />
              {open.isPending ? 'Sending...' : 'Send ticket'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
