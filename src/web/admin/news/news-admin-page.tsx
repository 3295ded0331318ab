import { Megaphone, Plus, Rss } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { displayDate } from '../../ui/date-format.ts';
import { DatePicker } from '../../ui/date-picker.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
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
import {
  type AdminAdCampaign,
  type AdminNewsFeed,
  type CampaignInput,
  useAddCampaign,
  useAddFeed,
  useAdminCampaigns,
  useAdminFeeds,
  useRemoveCampaign,
  useRemoveFeed,
  useSetCampaignActive,
  useSetFeedEnabled,
  useTestFeed,
} from './api.ts';

const when = (iso: string | null) => (iso ? dateTimeText(iso) : 'Never');
const failed = (error: Error, what: string) =>
  notify.error(refusalReason(error) ?? `Failed to ${what}: ${error.message}`);

type ListQuery<T> = {
  data: T[] | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/** A list's loading, failure and empty states, else the list itself. */
function ListState<T>({
  query,
  what,
  empty,
  children,
}: {
  query: ListQuery<T>;
  what: string;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <SectionSkeleton rows={3} label={`Loading the ${what}`} />;
  if (query.isError || !query.data)
    return (
      <SectionLoadError
        message={`Failed to load the ${what}: ${query.error?.message ?? 'no answer'}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data.length === 0)
    return <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>;
  return children(query.data);
}

/** A row's buttons: its own (Test), switching it on or off, and removing it; each names its row. */
function RowActions({
  name,
  busy,
  toggle,
  onRemove,
  children,
}: {
  name: string;
  busy: boolean;
  toggle: { label: string; onClick: () => void };
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <AdminTableCell label="Actions" className="md:text-right">
      <div className="flex flex-wrap gap-2 md:justify-end">
        {children}
        <Button
          size="sm"
          variant="outline"
          onClick={toggle.onClick}
          disabled={busy}
          aria-label={`${toggle.label} ${name}`}
        >
          {toggle.label}
        </Button>
        <Button size="sm" variant="destructive" onClick={onRemove} disabled={busy} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
    </AdminTableCell>
  );
}

/** /admin/news: the feeds the news page reads, and the house ads of the Sponsored slot (issue 29). */
export function NewsAdminPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="News and ads"
        description="The RSS or Atom feeds shown on the news page (Boar and Big Pig), fetched every half hour; and the house ads in the Sponsored slot that Piglet and Boar savers see on their dashboard and the news page."
        showBackToSettings
      />
      <FeedsSection />
      <CampaignsSection />
    </div>
  );
}

function FeedsSection() {
  const feeds = useAdminFeeds();
  return (
    <section aria-labelledby="feeds-heading" className="grid gap-4">
      <h2 id="feeds-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Rss className="size-5 text-brand" aria-hidden />
        News feeds
      </h2>
      <AddFeedForm />
      <ListState
        query={feeds}
        what="feeds"
        empty="No feeds yet. Add one above: its stories appear on the news page after its first fetch."
      >
        {(rows) => (
          <AdminTable aria-label="News feeds">
            <AdminTableHead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Status</th>
                <th scope="col">Last fetch</th>
                <th scope="col">Last error</th>
                <th scope="col" className="text-right">
                  Stories
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </AdminTableHead>
            <AdminTableBody>
              {rows.map((feed) => (
                <FeedRow key={feed.id} feed={feed} />
              ))}
            </AdminTableBody>
          </AdminTable>
        )}
      </ListState>
    </section>
  );
}

function AddFeedForm() {
  const add = useAddFeed();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url, title },
      {
        onSuccess: ({ feed }) => {
          notify.success(`Feed ${feed.title} added`);
          setUrl('');
          setTitle('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Add a feed" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid gap-3 md:grid-cols-[2fr_1fr]">
        <FormField label="Feed address" hint="The RSS or Atom address, starting https://">
          <Input type="url" value={url} onChange={(e) => setUrl(e.target.value)} required inputMode="url" />
        </FormField>
        <FormField label="Source name" hint="Shown beside each story">
          <Input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={100} />
        </FormField>
      </div>
      <FormError message={add.error ? (refusalReason(add.error) ?? add.error.message) : null} />
      <div>
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden />
          Add feed
        </Button>
      </div>
    </form>
  );
}

function FeedRow({ feed }: { feed: AdminNewsFeed }) {
  const test = useTestFeed();
  const setEnabled = useSetFeedEnabled();
  const remove = useRemoveFeed();
  const busy = test.isPending || setEnabled.isPending || remove.isPending;
  const runTest = () =>
    test.mutate(feed.id, {
      onSuccess: ({ outcome }) => {
        if (outcome.status === 'failed') notify.error(`${feed.title}: ${outcome.error}`);
        else if (outcome.status === 'not-modified')
          notify.success(`${feed.title} has not changed since its last fetch`);
        else notify.success(`${feed.title} fetched: ${outcome.itemCount} stories`);
      },
      onError: (error) => failed(error, `test ${feed.title}`),
    });
  const toggle = () =>
    setEnabled.mutate(
      { id: feed.id, isEnabled: !feed.isEnabled },
      {
        onSuccess: () => notify.success(`${feed.title} ${feed.isEnabled ? 'disabled' : 'enabled'}`),
        onError: (error) => failed(error, `change ${feed.title}`),
      },
    );
  const removeFeed = () => {
    if (!window.confirm(`Remove ${feed.title} and its stories?`)) return;
    remove.mutate(feed.id, {
      onSuccess: () => notify.success(`${feed.title} removed`),
      onError: (error) => failed(error, `remove ${feed.title}`),
    });
  };
  return (
    <AdminTableRow>
      <AdminTableCell label="Source">
        <span className="font-medium">{feed.title}</span>
        <span className="block text-xs break-all text-muted-foreground">{feed.url}</span>
      </AdminTableCell>
      <AdminTableCell label="Status">
        {feed.isEnabled ? <Badge variant="success">Enabled</Badge> : <Badge variant="secondary">Disabled</Badge>}
      </AdminTableCell>
      <AdminTableCell label="Last fetch" className="tabular-nums">
        {when(feed.lastFetchedAt)}
      </AdminTableCell>
      <AdminTableCell label="Last error">
        {feed.lastError ? (
          <span className="text-destructive">{feed.lastError}</span>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </AdminTableCell>
      <AdminTableCell label="Stories" className="tabular-nums md:text-right">
        {feed.itemCount}
      </AdminTableCell>
      <RowActions
        name={feed.title}
        busy={busy}
        toggle={{ label: feed.isEnabled ? 'Disable' : 'Enable', onClick: toggle }}
        onRemove={removeFeed}
      >
        <Button size="sm" variant="secondary" onClick={runTest} disabled={busy} aria-label={`Test ${feed.title}`}>
          {test.isPending ? 'Testing…' : 'Test'}
        </Button>
      </RowActions>
    </AdminTableRow>
  );
}

function CampaignsSection() {
  const campaigns = useAdminCampaigns();
  return (
    <section aria-labelledby="ads-heading" className="grid gap-4">
      <h2 id="ads-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Megaphone className="size-5 text-brand" aria-hidden />
        House ads
      </h2>
      <p className="text-sm text-muted-foreground">
        One live campaign is shown at a time, labelled Sponsored, from its start date to its end date (both included).
        Big Pig savers see none, and no ad appears beside protection answers.
      </p>
      <AddCampaignForm />
      <ListState query={campaigns} what="house ads" empty="No house ads yet.">
        {(rows) => (
          <AdminTable aria-label="House ads">
            <AdminTableHead>
              <tr>
                <th scope="col">Ad</th>
                <th scope="col">Dates</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </AdminTableHead>
            <AdminTableBody>
              {rows.map((campaign) => (
                <CampaignRow key={campaign.id} campaign={campaign} />
              ))}
            </AdminTableBody>
          </AdminTable>
        )}
      </ListState>
    </section>
  );
}

const THIS_YEAR = new Date().getFullYear();
const EMPTY_CAMPAIGN: CampaignInput = { title: '', body: '', link: '', startsOn: '', endsOn: '', isActive: true };

function AddCampaignForm() {
  const add = useAddCampaign();
  const [fields, setFields] = useState<CampaignInput>(EMPTY_CAMPAIGN);
  const set = (key: 'title' | 'body' | 'link') => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(fields, {
      onSuccess: ({ campaign }) => {
        notify.success(`House ad ${campaign.title} added`);
        setFields(EMPTY_CAMPAIGN);
      },
    });
  };
  return (
    <form onSubmit={submit} aria-label="Add a house ad" className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="grid gap-3 md:grid-cols-2">
        <FormField label="Title">
          <Input value={fields.title} onChange={set('title')} required maxLength={80} />
        </FormField>
        <FormField label="Link" hint="Where Find out more goes, starting https://">
          <Input type="url" value={fields.link} onChange={set('link')} required inputMode="url" />
        </FormField>
        <FormField label="Text" className="md:col-span-2">
          <Input value={fields.body} onChange={set('body')} required maxLength={240} />
        </FormField>
        <FormField label="Start date" hint="dd/mm/yyyy: the first day it shows">
          <DatePicker
            value={fields.startsOn}
            onChange={(startsOn) => setFields((f) => ({ ...f, startsOn }))}
            fromYear={THIS_YEAR - 1}
            toYear={THIS_YEAR + 10}
            label="start date"
            required
          />
        </FormField>
        <FormField label="End date" hint="dd/mm/yyyy: the last day it shows">
          <DatePicker
            value={fields.endsOn}
            onChange={(endsOn) => setFields((f) => ({ ...f, endsOn }))}
            fromYear={THIS_YEAR - 1}
            toYear={THIS_YEAR + 10}
            label="end date"
            required
          />
        </FormField>
      </div>
      <FormError message={add.error ? (refusalReason(add.error) ?? add.error.message) : null} />
      <div>
        <Button type="submit" disabled={add.isPending}>
          <Plus aria-hidden />
          Add house ad
        </Button>
      </div>
    </form>
  );
}

function CampaignRow({ campaign }: { campaign: AdminAdCampaign }) {
  const setActive = useSetCampaignActive();
  const remove = useRemoveCampaign();
  const busy = setActive.isPending || remove.isPending;
  const toggle = () =>
    setActive.mutate(
      { id: campaign.id, isActive: !campaign.isActive },
      {
        onSuccess: () => notify.success(`${campaign.title} ${campaign.isActive ? 'paused' : 'resumed'}`),
        onError: (error) => failed(error, `change ${campaign.title}`),
      },
    );
  const removeCampaign = () => {
    if (!window.confirm(`Remove the house ad ${campaign.title}?`)) return;
    remove.mutate(campaign.id, {
      onSuccess: () => notify.success(`${campaign.title} removed`),
      onError: (error) => failed(error, `remove ${campaign.title}`),
    });
  };
  return (
    <AdminTableRow>
      <AdminTableCell label="Ad">
        <span className="font-medium break-words">{campaign.title}</span>
        <span className="block text-xs break-words text-muted-foreground">{campaign.body}</span>
        <span className="block text-xs break-all text-muted-foreground">{campaign.link}</span>
      </AdminTableCell>
      <AdminTableCell label="Dates" className="tabular-nums">
        {displayDate(campaign.startsOn)} to {displayDate(campaign.endsOn)}
      </AdminTableCell>
      <AdminTableCell label="Status">
        {campaign.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Paused</Badge>}
      </AdminTableCell>
      <RowActions
        name={campaign.title}
        busy={busy}
        toggle={{ label: campaign.isActive ? 'Pause' : 'Resume', onClick: toggle }}
        onRemove={removeCampaign}
      />
    </AdminTableRow>
  );
}
