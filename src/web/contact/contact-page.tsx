import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Lock, Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ApiError, apiFetch, useMe } from '../app/api.ts';
import { paths } from '../app/paths.ts';
import { TOO_MANY_REQUESTS } from '../auth/auth-errors.ts';
import { displayName } from '../../core/profile/display-name.ts';
import { DraftNotice } from '../drafts/draft-notice.tsx';
import { useFormDraft } from '../drafts/use-form-draft.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { FormError } from '../ui/form-error.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../ui/input.tsx';
import {
  type ContactInput,
  type ContactRequest,
  ContactSchema,
  INQUIRY_TYPES,
  INQUIRY_TYPE_LABELS,
} from './contact-schema.ts';
import { notify } from '../app/notify.ts';

export const CONTACT_SUCCESS = 'Thank you for contacting us. We will get back to you soon.';

/** This form's toasts: a success takes an earlier failure away (ADR 0023). */
const CONTACT_FORM = 'contact';

function contactErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return TOO_MANY_REQUESTS;
    return error.message;
  }
  return 'Your message could not be sent. Please try again.';
}

export function ContactPage() {
  const { data: me } = useMe();
  const [formError, setFormError] = useState<string | null>(null);
  const blank: ContactInput = { name: '', email: '', inquiryType: '', subject: '', message: '' };
  const form = useForm<ContactInput, unknown, ContactRequest>({
    resolver: zodResolver(ContactSchema),
    defaultValues: blank,
    values: me
      ? {
          ...blank,
          name: displayName({ firstName: me.profile.firstName, lastName: me.profile.lastName }),
          email: me.user.email,
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const draft = useFormDraft({ formId: 'contact', form, ready: me !== undefined });
  const { errors, isSubmitting } = form.formState;
  const messageLength = form.watch('message').length;

  const onSubmit = async (values: ContactRequest) => {
    setFormError(null);
    try {
      await apiFetch('/api/contact', { method: 'POST', json: values });
    } catch (error) {
      const message = contactErrorMessage(error);
      setFormError(message);
      notify.error(message, { form: CONTACT_FORM });
      return;
    }
    draft.clear();
    notify.success(CONTACT_SUCCESS, { form: CONTACT_FORM });
    form.reset(me ? { ...blank, name: form.getValues('name'), email: form.getValues('email') } : blank, {
      keepDirtyValues: false,
    });
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact us</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Questions about SavvyPig, your plan or your account? Send us a message and we'll reply by email.
      </p>

      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_18rem]">
        <Card>
          <CardContent>
            <DraftNotice restoredAt={draft.restoredAt} onDiscard={draft.discard} />
            <FormError message={formError} />
            <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSubmit)}>
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField label="Your name" error={errors.name?.message}>
                  <Input autoComplete="name" {...form.register('name')} />
                </FormField>
                <FormField label="Email address" error={errors.email?.message}>
                  <Input
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    spellCheck={false}
                    {...form.register('email')}
                  />
                </FormField>
              </div>
              <FormField label="What is your message about?" error={errors.inquiryType?.message}>
                <NativeSelect {...form.register('inquiryType')}>
                  <option value="" disabled>
                    Choose a topic
                  </option>
                  {INQUIRY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {INQUIRY_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label="Subject" error={errors.subject?.message}>
                <Input {...form.register('subject')} />
              </FormField>
              <FormField
                label="Message"
                description="Please don't include passwords or full account numbers."
                error={errors.message?.message}
              >
                <Textarea rows={7} {...form.register('message')} />
              </FormField>
              <p className="-mt-3 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
                {messageLength.toLocaleString('en-GB')} / 5,000
              </p>
              <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-fit">
                <Mail aria-hidden />
                {isSubmitting ? 'Sending...' : 'Send message'}
              </Button>
            </form>
          </CardContent>
        </Card>

        <aside className="grid content-start gap-4 text-sm">
          <div className="flex gap-3 rounded-xl border p-4">
            <Clock className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
            <div>
              <h2 className="font-semibold">When we reply</h2>
              <p className="mt-1 text-muted-foreground">
                We answer messages in the order they arrive, on UK working days.
              </p>
            </div>
          </div>
          <div className="flex gap-3 rounded-xl border p-4">
            <Lock className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden />
            <div>
              <h2 className="font-semibold">Your details</h2>
              <p className="mt-1 text-muted-foreground">
                We use what you send only to answer you. See our{' '}
                <Link to={paths.legal('privacy')} className="font-medium text-brand underline underline-offset-4">
                  privacy notice
                </Link>
                .
              </p>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
