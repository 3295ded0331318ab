import { zodResolver } from '@hookform/resolvers/zod';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import {
  CONTACT_INQUIRY_TYPES,
  CONTACT_INQUIRY_TYPE_LABELS,
  CONTACT_PRIORITIES,
  CONTACT_PRIORITY_LABELS,
  CONTACT_RESPONSE_METHODS,
  CONTACT_RESPONSE_METHOD_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_LABELS,
} from '../../../core/contact-inquiries/fields.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Card, CardContent } from '../../ui/card.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, NativeSelect, Textarea } from '../../ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { AdminRecordFrame, AdminRecordPage, RecordFact, SaveChangesBar } from '../admin-record-page.tsx';
import { AuditLogView } from '../audit/audit-log-view.tsx';
import { dateTimeText } from '../audit/audit-text.ts';
import { CONTACT_INQUIRIES_HREF } from '../home/admin-tiles.ts';
import {
  type AdminContactInquiry,
  CONTACT_TEXT,
  type ContactUpdate,
  useContactInquiry,
  useUpdateContactInquiry,
} from './api.ts';
import { ContactPriorityBadge, ContactStatusBadge } from './contact-badges.tsx';

const BACK = { to: CONTACT_INQUIRIES_HREF, label: 'Back to Contact Inquiries' };

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max.toLocaleString('en-GB')} characters or fewer`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);

/** The form's rules, the server's (contact-routes.ts) as the admin types. */
const ContactFormSchema = z.object({
  name: required('Name', 200),
  firstName: text('First name', 100),
  lastName: text('Last name', 100),
  phone: text('Phone', 50),
  company: text('Company', 200),
  inquiryType: z.enum(CONTACT_INQUIRY_TYPES),
  subject: required('Subject', 200),
  message: required('Message', 5000),
  priority: z.enum(CONTACT_PRIORITIES),
  status: z.enum(CONTACT_STATUSES),
  marketingConsent: z.boolean(),
  isExistingUser: z.boolean(),
  responseMethod: z.enum(['', ...CONTACT_RESPONSE_METHODS]),
});
type ContactForm = z.infer<typeof ContactFormSchema>;

const TABS = ['contact', 'inquiry', 'hubspot', 'activity'] as const;
type Tab = (typeof TABS)[number];
/** Which tab holds each field, to show the first one a failed save points at. */
const CONTACT_TAB_FIELDS: readonly (keyof ContactForm)[] = [
  'name',
  'firstName',
  'lastName',
  'phone',
  'company',
  'marketingConsent',
  'isExistingUser',
];

function formValues(contact: AdminContactInquiry): ContactForm {
  return {
    name: contact.name,
    firstName: contact.firstName ?? '',
    lastName: contact.lastName ?? '',
    phone: contact.phone ?? '',
    company: contact.company ?? '',
    inquiryType: contact.inquiryType,
    subject: contact.subject,
    message: contact.message,
    priority: contact.priority,
    status: contact.status,
    marketingConsent: contact.marketingConsent,
    isExistingUser: contact.isExistingUser,
    responseMethod: contact.responseMethod ?? '',
  };
}

/** The fields the admin changed, as the API takes them (an emptied optional field is null). */
function changedFields(values: ContactForm, dirty: Partial<Record<keyof ContactForm, unknown>>): ContactUpdate {
  const update: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof ContactForm)[]) {
    if (!dirty[key]) continue;
    const value = values[key];
    update[key] = value === '' ? null : value;
  }
  return update as ContactUpdate;
}

/** /admin/contacts/{contactId}/edit (002 §2): one contact inquiry, its four tabs and Save Changes. */
export function ContactEditPage() {
  const { contactId = '' } = useParams();
  return (
    <AdminRecordPage
      query={useContactInquiry(contactId)}
      title="Contact inquiry"
      back={BACK}
      texts={CONTACT_TEXT}
      missingIcon={Inbox}
      missingHint="It may have been removed, or the link is wrong."
    >
      {(contact) => <ContactEditor key={contact.id} contact={contact} />}
    </AdminRecordPage>
  );
}

function ContactEditor({ contact }: { contact: AdminContactInquiry }) {
  const update = useUpdateContactInquiry(contact.id);
  const [tab, setTab] = useState<Tab>('contact');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ContactForm>({ resolver: zodResolver(ContactFormSchema), values: formValues(contact) });
  const { errors, isDirty, dirtyFields } = form.formState;

  const onSubmit = async (values: ContactForm) => {
    setFormError(null);
    try {
      await update.mutateAsync(changedFields(values, dirtyFields));
    } catch (error) {
      setFormError(refusalReason(error) ?? CONTACT_TEXT.updateFailed);
      notify.error(CONTACT_TEXT.updateFailed, { form: 'admin-contact' });
      return;
    }
    notify.success(CONTACT_TEXT.updated, { form: 'admin-contact' });
  };
  const onInvalid = (invalid: FieldErrors<ContactForm>) => {
    const first = Object.keys(invalid)[0] as keyof ContactForm | undefined;
    if (first) setTab(CONTACT_TAB_FIELDS.includes(first) ? 'contact' : 'inquiry');
  };

  return (
    <AdminRecordFrame>
      <AdminHeader
        title={contact.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 wrap-anywhere">{contact.subject}</span>
            <ContactStatusBadge status={contact.status} />
            <ContactPriorityBadge priority={contact.priority} />
          </span>
        }
        back={BACK}
      />
      <form className="mt-8 grid gap-6" noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        <FormError message={formError} />
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
          <TabsList aria-label="Contact inquiry" className="grid h-auto grid-cols-2 sm:inline-flex">
            <TabsTrigger value="contact" className="min-h-11">
              Contact Info
            </TabsTrigger>
            <TabsTrigger value="inquiry" className="min-h-11">
              Inquiry Details
            </TabsTrigger>
            <TabsTrigger value="hubspot" className="min-h-11">
              HubSpot
            </TabsTrigger>
            <TabsTrigger value="activity" className="min-h-11">
              Activity
            </TabsTrigger>
          </TabsList>

          {/* The form's tabs stay mounted: a change on one survives a look at another. */}
          <TabsContent value="contact" forceMount hidden={tab !== 'contact'}>
            <Card>
              <CardContent className="grid gap-5">
                <FormField label="Name" error={errors.name?.message}>
                  <Input autoComplete="off" {...form.register('name')} />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField label="First name" optional error={errors.firstName?.message}>
                    <Input autoComplete="off" {...form.register('firstName')} />
                  </FormField>
                  <FormField label="Last name" optional error={errors.lastName?.message}>
                    <Input autoComplete="off" {...form.register('lastName')} />
                  </FormField>
                </div>
                <FormField label="Email" hint="The address the message came from; it cannot be changed.">
                  <Input type="email" value={contact.email} readOnly />
                </FormField>
                <div className="grid gap-5 sm:grid-cols-2">
                  <FormField label="Phone" optional error={errors.phone?.message}>
                    <Input type="tel" autoComplete="off" {...form.register('phone')} />
                  </FormField>
                  <FormField label="Company" optional error={errors.company?.message}>
                    <Input autoComplete="off" {...form.register('company')} />
                  </FormField>
                </div>
                <div className="grid gap-2">
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="size-4 accent-primary" {...form.register('isExistingUser')} />
                    Existing user: they were signed in when they wrote, or have an account
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="size-4 accent-primary" {...form.register('marketingConsent')} />
                    Marketing consent: they agreed to hear from us
                  </label>
                </div>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="inquiry" forceMount hidden={tab !== 'inquiry'}>
            <Card>
              <CardContent className="grid gap-5">
                <div className="grid gap-5 sm:grid-cols-3">
                  <FormField label="Status" error={errors.status?.message}>
                    <NativeSelect {...form.register('status')}>
                      {CONTACT_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {CONTACT_STATUS_LABELS[status]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  <FormField label="Priority" error={errors.priority?.message}>
                    <NativeSelect {...form.register('priority')}>
                      {CONTACT_PRIORITIES.map((priority) => (
                        <option key={priority} value={priority}>
                          {CONTACT_PRIORITY_LABELS[priority]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                  <FormField label="Inquiry type" error={errors.inquiryType?.message}>
                    <NativeSelect {...form.register('inquiryType')}>
                      {CONTACT_INQUIRY_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {CONTACT_INQUIRY_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </div>
                <FormField label="Response method" optional error={errors.responseMethod?.message}>
                  <NativeSelect className="sm:max-w-xs" {...form.register('responseMethod')}>
                    <option value="">Not answered yet</option>
                    {CONTACT_RESPONSE_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {CONTACT_RESPONSE_METHOD_LABELS[method]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="Received">{dateTimeText(contact.createdAt)}</RecordFact>
                  <RecordFact label="Responded at">
                    {contact.respondedAt ? (
                      <time dateTime={contact.respondedAt}>{dateTimeText(contact.respondedAt)}</time>
                    ) : (
                      'Not yet: set the status to Contacted when you have replied'
                    )}
                  </RecordFact>
                </dl>
                <FormField label="Subject" error={errors.subject?.message}>
                  <Input autoComplete="off" {...form.register('subject')} />
                </FormField>
                <FormField label="Message" error={errors.message?.message}>
                  <Textarea rows={8} {...form.register('message')} />
                </FormField>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="hubspot">
            <Card>
              <CardContent>
                <p className="mb-4 text-sm text-muted-foreground">
                  What the CRM sync recorded for this inquiry. These fields are the sync&apos;s to write.
                </p>
                <dl className="grid gap-4 sm:grid-cols-2">
                  <RecordFact label="HubSpot contact ID">{contact.hubspotContactId ?? 'Not synced'}</RecordFact>
                  <RecordFact label="Lifecycle stage">{contact.lifecycleStage ?? 'None'}</RecordFact>
                  <RecordFact label="HubSpot deal ID">{contact.hubspotDealId ?? 'None'}</RecordFact>
                  <RecordFact label="HubSpot ticket ID">{contact.hubspotTicketId ?? 'None'}</RecordFact>
                  <RecordFact label="Last synced">
                    {contact.hubspotSyncedAt ? dateTimeText(contact.hubspotSyncedAt) : 'Never'}
                  </RecordFact>
                </dl>
              </CardContent>
            </Card>
          </TabsContent>

          <TabsContent value="activity">
            <AuditLogView
              label="Activity"
              subject={{ subjectType: 'contact_inquiry', subjectId: contact.id }}
              empty="No admin has changed this inquiry yet."
            />
          </TabsContent>
        </Tabs>

        <SaveChangesBar dirty={isDirty} saving={update.isPending} />
      </form>
    </AdminRecordFrame>
  );
}
