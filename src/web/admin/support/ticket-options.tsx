import {
  ADMIN_STATUS_LABELS,
  PRIORITY_LABELS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from '../../../core/support/tickets.ts';
import type { SupportPerson } from './api.ts';

/** A select's options: every status, in order, as admins read them. */
export function StatusOptions() {
  return TICKET_STATUSES.map((status) => (
    <option key={status} value={status}>
      {ADMIN_STATUS_LABELS[status]}
    </option>
  ));
}

export function PriorityOptions() {
  return TICKET_PRIORITIES.map((priority) => (
    <option key={priority} value={priority}>
      {PRIORITY_LABELS[priority]}
    </option>
  ));
}

/** The admins a ticket can be assigned to, by name. */
export function AdminOptions({ admins }: { admins: SupportPerson[] | undefined }) {
  return (admins ?? []).map((admin) => (
    <option key={admin.id} value={admin.id}>
      {admin.name}
    </option>
  ));
}

/** One choice of a radio group: its label and what it means. */
export function RadioChoice({
  name,
  checked,
  onSelect,
  label,
  description,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  label: string;
  description: string;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="radio"
        name={name}
        className="mt-1 accent-[var(--color-brand)]"
        checked={checked}
        onChange={onSelect}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted-foreground">{description}</span>
      </span>
    </label>
  );
}
