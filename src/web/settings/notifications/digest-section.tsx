import { useId } from 'react';
import type { NotificationKind } from '../../../core/notifications/types.ts';
import { notify } from '../../app/notify.ts';
import { useNotificationDigest, useSaveNotificationDigest } from '../../notifications/api.ts';
import { Label } from '../../ui/label.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { Switch } from '../../ui/switch.tsx';
import { SettingsSection } from '../settings-section.tsx';

function KindRow({
  kind,
  label,
  checked,
  disabled,
  onChange,
}: {
  kind: NotificationKind;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (kind: NotificationKind, on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <Label htmlFor={id}>{label}</Label>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={(on) => onChange(kind, on)} />
    </div>
  );
}

/** Per kind, whether it goes in the daily email digest (issue 16). */
export function DigestSection() {
  const digest = useNotificationDigest();
  const save = useSaveNotificationDigest();

  const change = (kind: NotificationKind, on: boolean) => {
    if (!digest.data) return;
    const kinds = on ? [...digest.data.kinds, kind] : digest.data.kinds.filter((k) => k !== kind);
    const label = digest.data.available.find((a) => a.kind === kind)?.label ?? kind;
    save.mutate(kinds, {
      onSuccess: () =>
        notify.success(on ? `${label} added to your daily digest` : `${label} removed from your daily digest`),
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <SettingsSection
      title="Daily email digest"
      description="One email a day listing the notifications you choose here, sent only when there is something to tell you. Each email has a link to turn it off."
    >
      {digest.data ? (
        <div className="divide-y">
          {digest.data.available.map(({ kind, label }) => (
            <KindRow
              key={kind}
              kind={kind}
              label={label}
              checked={digest.data.kinds.includes(kind)}
              disabled={save.isPending}
              onChange={change}
            />
          ))}
        </div>
      ) : digest.isError ? (
        <SectionLoadError
          message="Your digest settings could not be loaded."
          onRetry={() => void digest.refetch()}
          retrying={digest.isFetching}
        />
      ) : (
        <SectionSkeleton rows={3} label="Loading your digest settings" />
      )}
    </SettingsSection>
  );
}
