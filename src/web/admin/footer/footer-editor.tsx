import { ArrowDown, ArrowUp, Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { calendarDateInLondon } from '../../../core/dates/calendar-date.ts';
import {
  checkContrast,
  contrastText,
  DEFAULT_FOOTER,
  FOOTER_LIMITS,
  type FooterContent,
  type FooterLink,
  footerForYear,
  isHexColour,
  normaliseHexColour,
  type StructuredFooter,
} from '../../../core/footer/footer-content.ts';
import { FOOTER_MESSAGES } from '../../../core/footer/messages.ts';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { FooterContentView, footerColours } from '../../app/shell/footer-content-view.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { InlineEditField } from '../../ui/inline-edit-field.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { type AdminFooter, type FooterInput, previewFooter, useUpdateFooter } from './api.ts';

type Mode = 'structured' | 'html';

const colourProblem = (value: string) => (isHexColour(value) ? null : 'Enter a hex colour such as #AA1164');

/** The contrast warning (ADR 0062): the footer stays readable, but not in the colour chosen. */
export function ContrastWarning({ footer }: { footer: StructuredFooter }) {
  if (!isHexColour(footer.backgroundColor) || !isHexColour(footer.textColor)) return null;
  const check = checkContrast(footer.backgroundColor, footer.textColor);
  if (check.meetsAA) return null;
  return (
    <Alert variant="warning" role="status">
      <TriangleAlert aria-hidden />
      <AlertTitle>These colours fail WCAG AA contrast</AlertTitle>
      <AlertDescription>
        <p>
          The text colour on this background is {contrastText(check.ratio)}; text needs at least 4.5:1. The footer will
          show its text in {check.shownTextColor === '#000000' ? 'black' : 'white'} instead, so it stays readable.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** The footer as it will look (this year in its texts), drawn inert (its links go nowhere). */
export function FooterPreview({ content, label = 'Preview' }: { content: FooterContent; label?: string }) {
  const shown = footerForYear(content, Number(calendarDateInLondon(new Date()).slice(0, 4)));
  return (
    <section aria-label={label} className="overflow-hidden rounded-lg border">
      <div style={footerColours(shown)} className="px-4 py-5">
        <FooterContentView content={shown} preview navLabel={`${label} links`} />
      </div>
    </section>
  );
}

const newLink = (): FooterLink => ({ id: crypto.randomUUID(), label: 'New link', url: '/' });

function LinksEditor({
  links,
  save,
  onDraft,
}: {
  links: FooterLink[];
  save: (links: FooterLink[]) => Promise<void>;
  onDraft: (links: FooterLink[] | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (next: FooterLink[]) => {
    setBusy(true);
    try {
      await save(next);
    } catch {
      // The toast has said why; the list stays as saved.
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: number) => {
    const next = [...links];
    const [link] = next.splice(index, 1);
    next.splice(index + by, 0, link!);
    void run(next);
  };
  const withLink = (index: number, change: Partial<FooterLink>) =>
    links.map((link, i) => (i === index ? { ...link, ...change } : link));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-base font-semibold">Links</legend>
      {links.length === 0 ? <p className="text-sm text-muted-foreground">No links yet.</p> : null}
      <ol className="grid gap-3">
        {links.map((link, index) => (
          <li key={link.id} className="grid gap-3 rounded-lg border p-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
            <InlineEditField
              label={`Link ${index + 1} label`}
              value={link.label}
              validate={(value) => (value ? null : 'Each link needs a label')}
              onDraftChange={(draft) => onDraft(draft === null ? null : withLink(index, { label: draft }))}
              onSave={(label) => save(withLink(index, { label }))}
            />
            <InlineEditField
              label={`Link ${index + 1} address`}
              value={link.url}
              hint="A path on this site, such as /legal, or https://…"
              validate={(value) => (value ? null : 'Each link needs an address')}
              onDraftChange={(draft) => onDraft(draft === null ? null : withLink(index, { url: draft }))}
              onSave={(url) => save(withLink(index, { url }))}
            />
            <div className="flex gap-1">
              <Button
                type="button"
                size="icon"
                variant="outline"
                disabled={busy || index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move ${link.label} up`}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="outline"
                disabled={busy || index === links.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move ${link.label} down`}
              >
                <ArrowDown aria-hidden />
              </Button>
              <Button
                type="button"
                size="icon"
                variant="outline"
                disabled={busy}
                onClick={() => void run(links.filter((_, i) => i !== index))}
                aria-label={`Remove ${link.label}`}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={busy || links.length >= FOOTER_LIMITS.links}
          onClick={() => void run([...links, newLink()])}
        >
          <Plus aria-hidden />
          Add link
        </Button>
        {links.length >= FOOTER_LIMITS.links ? (
          <p className="mt-1 text-sm text-muted-foreground">A footer has at most {FOOTER_LIMITS.links} links.</p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** The server's sanitised reading of the HTML being typed, a moment after typing stops. */
function useHtmlPreview(html: string | null): FooterContent | null {
  const [preview, setPreview] = useState<FooterContent | null>(null);
  useEffect(() => {
    if (html === null || html.trim() === '') {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewFooter(html, controller.signal).then(setPreview, () => setPreview(null));
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [html]);
  return preview;
}

/**
 * Edits one footer: each field saves on its own (Enter), the links are added, removed and
 * reordered in place, and the preview shows the draft as it is typed. Structured fields or raw
 * HTML: the footer takes the form last saved.
 */
export function FooterEditor({ footer }: { footer: AdminFooter }) {
  const update = useUpdateFooter();
  const [mode, setMode] = useState<Mode>(footer.content.kind);
  const base: StructuredFooter = footer.content.kind === 'structured' ? footer.content.footer : DEFAULT_FOOTER;
  const savedHtml = footer.content.kind === 'html' ? footer.content.html : '';
  const [draft, setDraft] = useState<Partial<StructuredFooter>>({});
  const [htmlDraft, setHtmlDraft] = useState<string | null>(null);
  const htmlPreview = useHtmlPreview(htmlDraft);

  const save = async (content: FooterInput) => {
    try {
      await update.mutateAsync({ id: footer.id, content });
      notify.success(FOOTER_MESSAGES.saved, { form: `footer-${footer.id}` });
    } catch (error) {
      notify.error(FOOTER_MESSAGES.saveFailed, { detail: refusalReason(error), form: `footer-${footer.id}` });
      throw error;
    }
  };
  const saveField = (change: Partial<StructuredFooter>) => save({ ...base, ...change });
  const drafting =
    <K extends keyof StructuredFooter>(key: K, map: (value: string) => StructuredFooter[K] | undefined) =>
    (value: string | null) =>
      setDraft(({ [key]: _, ...rest }) => {
        const mapped = value === null ? undefined : map(value);
        return mapped === undefined ? rest : { ...rest, [key]: mapped };
      });
  const colourDraft = (value: string) => (isHexColour(value) ? normaliseHexColour(value) : undefined);
  const shown: StructuredFooter = { ...base, ...draft };

  const previewContent: FooterContent =
    mode === 'structured'
      ? { kind: 'structured', footer: shown }
      : (htmlPreview ?? (footer.content.kind === 'html' ? footer.content : { kind: 'html', html: '' }));

  return (
    <div className="grid gap-6">
      <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
        <TabsList aria-label="Footer content form">
          <TabsTrigger value="structured">Fields</TabsTrigger>
          <TabsTrigger value="html">Raw HTML</TabsTrigger>
        </TabsList>
        {mode !== footer.content.kind ? (
          <p className="mt-3 text-sm text-muted-foreground">
            {mode === 'html'
              ? 'This footer uses fields. Saving HTML here replaces them.'
              : 'This footer uses raw HTML. Saving a field here replaces it with these fields (the defaults to start).'}
          </p>
        ) : null}
        <TabsContent value="structured" className="mt-4 grid gap-5">
          <div className="grid gap-4 md:grid-cols-2">
            <InlineEditField
              label="Copyright text"
              value={base.copyrightText}
              hint="{{year}} and 2024 become the current year."
              onDraftChange={drafting('copyrightText', (value) => value)}
              onSave={(copyrightText) => saveField({ copyrightText })}
            />
            <InlineEditField
              label="Logo"
              value={base.logoUrl}
              emptyText="The SavvyPig pig"
              hint="An image on this site, such as /icons/icon-192.png; empty for the pig."
              onDraftChange={drafting('logoUrl', (value) => value)}
              onSave={(logoUrl) => saveField({ logoUrl })}
            />
            <InlineEditField
              label="Background colour"
              type="colour"
              value={base.backgroundColor}
              validate={colourProblem}
              renderValue={(value) => <ColourValue value={value} />}
              onDraftChange={drafting('backgroundColor', colourDraft)}
              onSave={(backgroundColor) => saveField({ backgroundColor })}
            />
            <InlineEditField
              label="Text colour"
              type="colour"
              value={base.textColor}
              validate={colourProblem}
              renderValue={(value) => <ColourValue value={value} />}
              onDraftChange={drafting('textColor', colourDraft)}
              onSave={(textColor) => saveField({ textColor })}
            />
          </div>
          <ContrastWarning footer={shown} />
          <LinksEditor
            links={base.links}
            save={(links) => saveField({ links })}
            onDraft={(links) => setDraft(({ links: _, ...rest }) => (links ? { ...rest, links } : rest))}
          />
        </TabsContent>
        <TabsContent value="html" className="mt-4 grid gap-3">
          <InlineEditField
            label="Footer HTML"
            type="textarea"
            value={savedHtml}
            emptyText="No HTML yet"
            hint="Allowed: div, span, p, br, strong, em, b, i, u, h1–h6, ul, ol, li, a, img, blockquote, code, pre. Scripts, style sheets, frames and event handlers are removed. Ctrl+Enter saves."
            renderValue={(value) => <code className="line-clamp-3 font-mono text-xs">{value}</code>}
            onDraftChange={setHtmlDraft}
            onSave={(html) => save(html)}
          />
        </TabsContent>
      </Tabs>
      <div className="grid gap-2">
        <h4 className="text-sm font-semibold">Live preview</h4>
        <FooterPreview content={previewContent} label="Live preview" />
      </div>
    </div>
  );
}

function ColourValue({ value }: { value: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-mono">
      <span aria-hidden className="inline-block size-5 rounded border" style={{ backgroundColor: value }} />
      {value}
    </span>
  );
}
