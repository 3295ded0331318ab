import { ChevronDown, Info } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  flagsOf,
  hasChanged,
  isCategoryLocked,
  rejectAllFlags,
  type ConsentFlags,
} from '../../core/consent/consent.ts';
import { COOKIE_CATEGORIES, type CookieCategory } from '../../core/consent/cookie-catalogue.ts';
import { paths } from '../app/paths.ts';
import { Alert, AlertDescription } from '../ui/alert.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog.tsx';
import { Switch } from '../ui/switch.tsx';
import { type SaveKind, useConsent } from './consent-provider.tsx';

/** The cookies of one category (the catalogue's name, purpose, duration and type), or the honest 'none today'. */
export function CookieList({ category, id, className }: { category: CookieCategory; id?: string; className?: string }) {
  if (category.cookies.length === 0) {
    return (
      <p id={id} className={cn('text-sm text-muted-foreground', className)}>
        {category.noneToday}
      </p>
    );
  }
  return (
    <ul id={id} className={cn('grid gap-3', className)} aria-label={`${category.name} cookies`}>
      {category.cookies.map((cookie) => (
        <li key={cookie.name} className="rounded-md bg-muted p-3 text-sm">
          <dl className="grid gap-1.5 sm:grid-cols-[6rem_1fr] sm:gap-x-3">
            <dt className="font-medium">Name</dt>
            <dd className="break-all">
              <code>{cookie.name}</code>
            </dd>
            <dt className="font-medium">Purpose</dt>
            <dd className="text-muted-foreground">{cookie.purpose}</dd>
            <dt className="font-medium">Duration</dt>
            <dd className="text-muted-foreground">{cookie.duration}</dd>
            <dt className="font-medium">Type</dt>
            <dd className="text-muted-foreground">{cookie.type}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function CategoryCard({
  category,
  checked,
  locked,
  lockedBySignal,
  onCheckedChange,
}: {
  category: CookieCategory;
  checked: boolean;
  locked: boolean;
  lockedBySignal: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const noteId = `${baseId}-note`;
  const listId = `${baseId}-list`;
  const count = category.cookies.length;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-lg border bg-card p-3 sm:p-4"
      data-testid={`cookie-category-${category.id}`}
    >
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-semibold">
              {category.name}
            </h3>
            {category.required ? <Badge variant="brand">Always on</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">{category.description}</p>
          {lockedBySignal ? (
            <p id={noteId} className="text-sm text-muted-foreground">
              Off because your browser asks not to be tracked.
            </p>
          ) : null}
        </div>
        <Switch
          aria-label={`${category.name} cookies`}
          aria-describedby={lockedBySignal ? noteId : undefined}
          checked={checked}
          disabled={locked}
          onCheckedChange={onCheckedChange}
          className="mt-0.5"
        />
      </div>
      <div>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden />
          {expanded ? 'Hide' : 'Show'} {category.name.toLowerCase()} cookies ({count === 0 ? 'none' : count})
        </Button>
        {expanded ? <CookieList category={category} id={listId} className="mt-2" /> : null}
      </div>
    </section>
  );
}

function PreferencesForm({ onSaved }: { onSaved: () => void }) {
  const { consent, privacySignal, save } = useConsent();
  const [opened] = useState<ConsentFlags>(() => (consent ? flagsOf(consent) : rejectAllFlags()));
  const [draft, setDraft] = useState<ConsentFlags>(opened);
  const [saving, setSaving] = useState(false);
  const changed = hasChanged(opened, draft);

  const submit = async (kind: SaveKind) => {
    setSaving(true);
    const saved = await save(kind, 'preferences', draft);
    setSaving(false);
    if (saved) onSaved();
  };

  return (
    <>
      {/* The cards scroll; the title above and the buttons below stay in view. */}
      <div className="grid min-h-0 flex-1 gap-3 overflow-y-auto px-4 sm:px-6" data-testid="cookie-categories">
        {privacySignal ? (
          <Alert variant="info">
            <Info aria-hidden />
            <AlertDescription>
              Your browser sends a Do Not Track or Global Privacy Control signal, so analytics and marketing cookies
              stay off.
            </AlertDescription>
          </Alert>
        ) : null}
        {COOKIE_CATEGORIES.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            checked={draft[category.id]}
            locked={isCategoryLocked(category.id, privacySignal)}
            lockedBySignal={category.id !== 'essential' && isCategoryLocked(category.id, privacySignal)}
            onCheckedChange={(checked) =>
              setDraft((current) => ({ ...current, [category.id]: checked, essential: true }))
            }
          />
        ))}
      </div>
      <DialogFooter className="border-t px-4 pt-4 pb-4 sm:flex-wrap sm:px-6 sm:pb-6">
        <Button variant="outline" disabled={saving} onClick={() => void submit('reject-all')}>
          Reject All &amp; Save
        </Button>
        <Button variant="outline" disabled={saving} onClick={() => void submit('accept-all')}>
          Accept All &amp; Save
        </Button>
        {changed ? (
          <Button disabled={saving} onClick={() => void submit('custom')}>
            Save Custom Preferences
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

/** The spec's Cookie Preferences dialog: a card per category with a switch and its cookie list. */
export function CookiePreferencesDialog() {
  const { preferencesOpen, setPreferencesOpen, returnFocus } = useConsent();
  return (
    <Dialog open={preferencesOpen} onOpenChange={setPreferencesOpen}>
      <DialogContent
        className="flex max-w-2xl flex-col gap-4 overflow-hidden p-0"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
      >
        <DialogHeader className="px-4 pt-5 sm:px-6 sm:pt-6">
          <DialogTitle>Cookie Preferences</DialogTitle>
          <DialogDescription>
            Choose which cookies SavvyPig may use. Essential cookies are always on because the service cannot work
            without them. Read more in our{' '}
            <Link
              to={paths.legal('cookies')}
              className="text-brand underline underline-offset-4"
              onClick={() => setPreferencesOpen(false)}
            >
              cookie policy
            </Link>
            .
          </DialogDescription>
        </DialogHeader>
        <PreferencesForm onSaved={() => setPreferencesOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
