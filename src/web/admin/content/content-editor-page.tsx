import { Eye, History, Save, Send, Trash2, Undo2 } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SLUG_MAX_LENGTH, slugFromTitle, slugProblem, SLUG_MESSAGES } from '../../../core/content/slug.ts';
import { hasStatus, refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { paths } from '../../app/paths.ts';
import { NotFoundPage } from '../../not-found/not-found-page.tsx';
import { Button } from '../../ui/button.tsx';
import { buttonVariants } from '../../ui/button-variants.ts';
import { FormError } from '../../ui/form-error.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { dateTimeText } from '../bank-data/report-text.ts';
import {
  type ContentPage,
  type ContentPageInput,
  useContentPageForEdit,
  useContentVersions,
  useCreateContentPage,
  useDeleteContentPage,
  useRestoreVersion,
  useSaveContentPage,
  useSetPublished,
} from './api.ts';
import { StatusBadge } from './content-list-page.tsx';

// Tiptap and ProseMirror load with the editor page only (no other page pays for them).
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

const TITLE_MAX = 150;
const DESCRIPTION_MAX = 300;
const failed = (error: Error, what: string) =>
  notify.error(refusalReason(error) ?? `Failed to ${what}: ${error.message}`);

/** /admin/content/{action}: only `new` is an action (002 §2); anything else is the 404 page. */
export function ContentActionPage() {
  const { action } = useParams();
  if (action !== 'new') return <NotFoundPage />;
  return <ContentEditor page={null} />;
}

/** /admin/content/edit/{pageId}. */
export function ContentEditPage() {
  const { pageId = '' } = useParams();
  const page = useContentPageForEdit(pageId);
  if (page.isError && hasStatus(page.error, 404)) return <NotFoundPage />;
  if (page.isPending)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10">
        <SectionSkeleton rows={8} label="Loading the page" />
      </div>
    );
  if (page.isError || !page.data)
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-10">
        <SectionLoadError
          message={`Failed to load the page: ${page.error instanceof Error ? page.error.message : 'no answer'}`}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      </div>
    );
  // A new key after a restore (a new version) starts the form and the editor from it.
  return <ContentEditor key={`${page.data.id}-${page.data.version}`} page={page.data} />;
}

function ContentEditor({ page }: { page: ContentPage | null }) {
  const navigate = useNavigate();
  const create = useCreateContentPage();
  const save = useSaveContentPage();
  const setPublished = useSetPublished();
  const remove = useDeleteContentPage();
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(page !== null);
  const [metaDescription, setMetaDescription] = useState(page?.metaDescription ?? '');
  const [bodyHtml, setBodyHtml] = useState(page?.bodyHtml ?? '');
  const [submitted, setSubmitted] = useState(false);
  const editorLabel = useId();
  const busy = create.isPending || save.isPending || setPublished.isPending || remove.isPending;

  const input: ContentPageInput = { title: title.trim(), slug: slug.trim(), metaDescription, bodyHtml };
  const problem = slugProblem(input.slug);
  const slugError = submitted && problem ? SLUG_MESSAGES[problem] : undefined;
  const titleError = submitted && input.title === '' ? 'Title is required' : undefined;
  const isDirty =
    page === null ||
    input.title !== page.title ||
    input.slug !== page.slug ||
    metaDescription !== page.metaDescription ||
    bodyHtml !== page.bodyHtml;
  const mutationError = create.error ?? save.error;

  const onTitle = (value: string) => {
    setTitle(value);
    if (!slugTouched) setSlug(slugFromTitle(value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem || input.title === '') return;
    if (page === null) {
      create.mutate(input, {
        onSuccess: ({ page: created }) => {
          notify.success(`${created.title} saved as a draft`);
          void navigate(paths.adminContentEdit(created.id), { replace: true });
        },
      });
    } else {
      save.mutate(
        { id: page.id, input },
        {
          onSuccess: ({ page: saved }) =>
            notify.success(
              saved.status === 'published' ? `${saved.title} saved: the change is live` : `${saved.title} saved`,
            ),
        },
      );
    }
  };

  const togglePublished = () => {
    if (!page) return;
    const publish = page.status === 'draft';
    if (publish && isDirty) {
      notify.error('Save your changes before publishing');
      return;
    }
    setPublished.mutate(
      { id: page.id, publish },
      {
        onSuccess: ({ page: changed }) =>
          notify.success(
            publish ? `${changed.title} is published at /${changed.slug}` : `${changed.title} is a draft again`,
          ),
        onError: (error) => failed(error, publish ? 'publish' : 'unpublish'),
      },
    );
  };

  const deletePage = () => {
    if (!page || !window.confirm(`Delete ${page.title} and all its versions? This cannot be undone.`)) return;
    remove.mutate(page.id, {
      onSuccess: () => {
        notify.success(`${page.title} deleted`);
        void navigate(paths.adminContent());
      },
      onError: (error) => failed(error, 'delete the page'),
    });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title={page ? `Edit ${page.title}` : 'New page'}
        description={
          page ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <StatusBadge status={page.status} />
              <span>
                Version {page.version}, saved {dateTimeText(page.updatedAt)}
                {page.updatedBy ? ` by ${page.updatedBy}` : ''}
              </span>
            </span>
          ) : (
            'Write the page, save it as a draft, preview it, then publish it.'
          )
        }
        back={{ to: paths.adminContent(), label: 'Back to Content' }}
      />
      <form onSubmit={submit} noValidate className="grid gap-6" aria-label={page ? 'Edit page' : 'New page'}>
        {/* Top-aligned: the slug's hint makes its cell taller, and Title's input must not drop to meet it. */}
        <div className="grid items-start gap-4 md:grid-cols-2">
          <FormField label="Title" error={titleError}>
            <Input value={title} onChange={(e) => onTitle(e.target.value)} maxLength={TITLE_MAX} required />
          </FormField>
          <FormField
            label="Slug"
            error={slugError}
            hint={`The page's address: /${slug || 'your-page'}. Lower-case letters, numbers and hyphens.`}
          >
            <Input
              value={slug}
              onChange={(e) => {
                setSlugTouched(true);
                setSlug(e.target.value);
              }}
              maxLength={SLUG_MAX_LENGTH}
              required
              autoCapitalize="none"
              spellCheck={false}
            />
          </FormField>
        </div>
        <FormField
          label="Meta description"
          optional
          hint={`Shown by search engines and when the page is shared (${metaDescription.length}/${DESCRIPTION_MAX}).`}
        >
          <Textarea
            value={metaDescription}
            onChange={(e) => setMetaDescription(e.target.value)}
            maxLength={DESCRIPTION_MAX}
            rows={2}
          />
        </FormField>
        <div className="grid gap-2">
          <span id={editorLabel} className="text-sm font-medium">
            Content
          </span>
          <Suspense fallback={<SectionSkeleton rows={6} label="Loading the editor" />}>
            <RichTextEditor initialHtml={page?.bodyHtml ?? ''} onChange={setBodyHtml} labelledBy={editorLabel} />
          </Suspense>
        </div>
        <FormError message={mutationError ? (refusalReason(mutationError) ?? mutationError.message) : null} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            <Save aria-hidden />
            {page?.status === 'published' ? 'Save changes' : 'Save draft'}
          </Button>
          {page ? (
            <>
              <a
                href={paths.pagePreview(page.slug)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonVariants({ variant: 'outline' })}
              >
                <Eye aria-hidden />
                Preview
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <Button
                type="button"
                variant={page.status === 'draft' ? 'default' : 'outline'}
                onClick={togglePublished}
                disabled={busy}
              >
                {page.status === 'draft' ? <Send aria-hidden /> : <Undo2 aria-hidden />}
                {page.status === 'draft' ? 'Publish' : 'Unpublish'}
              </Button>
              {page.status === 'published' ? (
                <a
                  href={paths.contentPage(page.slug)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ variant: 'ghost' })}
                >
                  View live page<span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
              <Button type="button" variant="destructive" onClick={deletePage} disabled={busy} className="ml-auto">
                <Trash2 aria-hidden />
                Delete
              </Button>
            </>
          ) : null}
        </div>
        {page && isDirty ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            You have unsaved changes. Preview shows the last saved version.
          </p>
        ) : null}
      </form>
      {page ? <VersionsSection page={page} /> : null}
    </div>
  );
}

function VersionsSection({ page }: { page: ContentPage }) {
  const versions = useContentVersions(page.id);
  const restore = useRestoreVersion();
  const restoreVersion = (versionId: string, version: number) => {
    if (
      !window.confirm(
        `Restore version ${version}? It becomes the newest version${page.status === 'published' ? ' and goes live at once' : ''}.`,
      )
    )
      return;
    restore.mutate(
      { id: page.id, versionId },
      {
        onSuccess: ({ page: restored }) => notify.success(`Version ${version} restored as version ${restored.version}`),
        onError: (error) => failed(error, 'restore the version'),
      },
    );
  };
  return (
    <section aria-labelledby="versions-heading" className="grid gap-3">
      <h2 id="versions-heading" className="flex items-center gap-2 text-xl font-semibold">
        <History className="size-5 text-brand" aria-hidden />
        Versions
      </h2>
      {versions.isPending ? (
        <SectionSkeleton rows={3} label="Loading the versions" />
      ) : versions.isError || !versions.data ? (
        <SectionLoadError
          message={`Failed to load the versions: ${versions.error instanceof Error ? versions.error.message : 'no answer'}`}
          onRetry={() => void versions.refetch()}
          retrying={versions.isFetching}
        />
      ) : (
        <ol className="grid gap-2" aria-label="Saved versions, newest first">
          {versions.data.map((version) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3 text-sm"
            >
              <span>
                <span className="font-medium">Version {version.version}</span>
                <span className="text-muted-foreground">
                  {' '}
                  · {version.title} · {dateTimeText(version.createdAt)}
                  {version.createdBy ? ` · ${version.createdBy}` : ''}
                </span>
              </span>
              {version.version === page.version ? (
                <span className="text-xs font-medium text-muted-foreground">Current</span>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={restore.isPending}
                  onClick={() => restoreVersion(version.id, version.version)}
                  aria-label={`Restore version ${version.version}`}
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
