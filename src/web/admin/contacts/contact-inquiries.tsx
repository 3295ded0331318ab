import { Inbox } from 'lucide-react';
import { AdminSearchBox } from '../admin-search-box.tsx';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  CONTACT_INQUIRY_TYPE_LABELS,
  CONTACT_PRIORITIES,
  CONTACT_PRIORITY_LABELS,
  CONTACT_STATUSES,
  CONTACT_STATUS_LABELS,
} from '../../../core/contact-inquiries/fields.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { NativeSelect } from '../../ui/input.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { dateTimeText } from '../audit/audit-text.ts';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { type ContactFilters, useContactInquiries } from './api.ts';
import { ContactPriorityBadge, ContactStatusBadge } from './contact-badges.tsx';

const NO_FILTERS: ContactFilters = { status: '', priority: '', search: '' };

/**
 * The contact inquiries list (002 §2, /admin?tab=settings&settings=contact-inquiries): newest first,
 * filtered by status and priority, searched by name, e-mail, company or subject, 50 at a time.
 * Everything a sender typed is shown as text, never as markup.
 */
export function ContactInquiries() {
  const [filters, setFilters] = useState<ContactFilters>(NO_FILTERS);
  const [typed, setTyped] = useState('');
  const inquiries = useContactInquiries(filters);
  const filtered = filters.status || filters.priority || filters.search;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters((f) => ({ ...f, search: typed.trim() }));
  };

  const contacts = inquiries.data?.pages.flatMap((page) => page.contacts) ?? [];

  return (
    <section aria-labelledby="contact-inquiries-heading" className="grid gap-5">
      <div>
        <h2 id="contact-inquiries-heading" className="text-xl font-semibold">
          Contact inquiries
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Messages sent through the contact form, newest first. Open one to answer it and record what was done.
        </p>
      </div>

      <search className="grid gap-3 sm:grid-cols-[10rem_10rem_1fr] sm:items-end">
        <FormField label="Status">
          <NativeSelect
            value={filters.status}
            onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as ContactFilters['status'] }))}
          >
            <option value="">All statuses</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {CONTACT_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Priority">
          <NativeSelect
            value={filters.priority}
            onChange={(e) => setFilters((f) => ({ ...f, priority: e.target.value as ContactFilters['priority'] }))}
          >
            <option value="">All priorities</option>
            {CONTACT_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {CONTACT_PRIORITY_LABELS[priority]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <AdminSearchBox
          id="contact-search"
          label="Search"
          placeholder="Name, email, company or subject"
          value={typed}
          onChange={setTyped}
          onSubmit={submit}
        />
      </search>

      {inquiries.isPending ? (
        <SectionSkeleton rows={5} label="Loading contact inquiries" />
      ) : inquiries.isError ? (
        <SectionLoadError
          message={`Failed to load contact inquiries: ${inquiries.error.message}`}
          onRetry={() => void inquiries.refetch()}
          retrying={inquiries.isFetching}
        />
      ) : contacts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
          <Inbox className="size-10 text-muted-foreground" aria-hidden />
          <h3 className="text-lg font-semibold">
            {filtered ? 'No inquiries match these filters' : 'No contact inquiries yet'}
          </h3>
          {filtered ? (
            <Button
              variant="outline"
              onClick={() => {
                setTyped('');
                setFilters(NO_FILTERS);
              }}
            >
              Show all inquiries
            </Button>
          ) : (
            <p className="text-muted-foreground">Messages sent through the contact form appear here.</p>
          )}
        </div>
      ) : (
        <div className="grid gap-4">
          <AdminTable aria-label="Contact inquiries">
            <AdminTableHead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">From</th>
                <th scope="col">Subject</th>
                <th scope="col">Type</th>
                <th scope="col">Priority</th>
                <th scope="col">Status</th>
              </tr>
            </AdminTableHead>
            <AdminTableBody>
              {contacts.map((contact) => (
                <AdminTableRow key={contact.id} data-contact-id={contact.id}>
                  <AdminTableCell label="Received" className="whitespace-nowrap tabular-nums">
                    <time dateTime={contact.createdAt}>{dateTimeText(contact.createdAt)}</time>
                  </AdminTableCell>
                  <AdminTableCell label="From" className="min-w-0">
                    <span className="grid min-w-0 max-md:text-right">
                      <span className="wrap-anywhere font-medium">{contact.name}</span>
                      <span className="break-all text-muted-foreground">{contact.email}</span>
                      {contact.company ? (
                        <span className="wrap-anywhere text-muted-foreground">{contact.company}</span>
                      ) : null}
                    </span>
                  </AdminTableCell>
                  <AdminTableCell label="Subject" className="min-w-0">
                    <Link
                      to={paths.adminContactEdit(contact.id)}
                      className="wrap-anywhere font-medium text-brand underline underline-offset-4 max-md:text-right"
                    >
                      {contact.subject}
                    </Link>
                  </AdminTableCell>
                  <AdminTableCell label="Type">{CONTACT_INQUIRY_TYPE_LABELS[contact.inquiryType]}</AdminTableCell>
                  <AdminTableCell label="Priority">
                    <ContactPriorityBadge priority={contact.priority} />
                  </AdminTableCell>
                  <AdminTableCell label="Status">
                    <ContactStatusBadge status={contact.status} />
                  </AdminTableCell>
                </AdminTableRow>
              ))}
            </AdminTableBody>
          </AdminTable>
          {inquiries.hasNextPage ? (
            <Button
              variant="outline"
              className="justify-self-center"
              disabled={inquiries.isFetchingNextPage}
              onClick={() => void inquiries.fetchNextPage()}
            >
              {inquiries.isFetchingNextPage ? 'Loading...' : 'Show older inquiries'}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
