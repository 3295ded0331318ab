import { FilePlus2, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Badge } from '../../ui/badge.tsx';
import { buttonVariants } from '../../ui/button-variants.ts';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { dateTimeText } from '../bank-data/report-text.ts';
import {
  AdminTable,
  AdminTableBody,
  AdminTableCell,
  AdminTableHead,
  AdminTableRow,
} from '../subscriptions/admin-table.tsx';
import { type ContentPageSummary, useContentPages } from './api.ts';

export function StatusBadge({ status }: { status: ContentPageSummary['status'] }) {
  return status === 'published' ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>;
}

/** /admin/content: every content page with its status, when and by whom it was last saved (issue 30). */
export function ContentListPage() {
  const pages = useContentPages();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Content"
        description="Pages the team writes and publishes without a release, each at its own address on the site."
        showBackToSettings
        actions={
          <Link to={paths.adminContentAction('new')} className={buttonVariants()}>
            <FilePlus2 aria-hidden />
            New page
          </Link>
        }
      />
      <section aria-labelledby="pages-heading" className="grid gap-4">
        <h2 id="pages-heading" className="flex items-center gap-2 text-xl font-semibold">
          <FileText className="size-5 text-brand" aria-hidden />
          Pages
        </h2>
        {pages.isPending ? (
          <SectionSkeleton rows={4} label="Loading the pages" />
        ) : pages.isError || !pages.data ? (
          <SectionLoadError
            message={`Failed to load the pages: ${pages.error instanceof Error ? pages.error.message : 'no answer'}`}
            onRetry={() => void pages.refetch()}
            retrying={pages.isFetching}
          />
        ) : pages.data.length === 0 ? (
          <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">
            No pages yet. Choose New page to write the first one.
          </p>
        ) : (
          <AdminTable aria-label="Content pages">
            <AdminTableHead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
                <th scope="col">By</th>
              </tr>
            </AdminTableHead>
            <AdminTableBody>
              {pages.data.map((page) => (
                <AdminTableRow key={page.id}>
                  <AdminTableCell label="Title">
                    <Link
                      to={paths.adminContentEdit(page.id)}
                      className="min-w-0 font-medium text-brand underline-offset-2 hover:underline max-md:text-right"
                    >
                      {page.title}
                    </Link>
                  </AdminTableCell>
                  <AdminTableCell label="Address" className="text-muted-foreground">
                    {/* Only the address breaks anywhere: its label on a phone stays whole. */}
                    <span className="min-w-0 break-all max-md:text-right">/{page.slug}</span>
                  </AdminTableCell>
                  <AdminTableCell label="Status">
                    <StatusBadge status={page.status} />
                  </AdminTableCell>
                  <AdminTableCell label="Updated" className="whitespace-nowrap tabular-nums">
                    {dateTimeText(page.updatedAt)}
                  </AdminTableCell>
                  <AdminTableCell label="By">{page.updatedBy ?? 'Unknown'}</AdminTableCell>
                </AdminTableRow>
              ))}
            </AdminTableBody>
          </AdminTable>
        )}
      </section>
    </div>
  );
}
