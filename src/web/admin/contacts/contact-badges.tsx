import {
  CONTACT_PRIORITY_LABELS,
  CONTACT_STATUS_LABELS,
  type ContactPriority,
  type ContactStatus,
} from '../../../core/contact-inquiries/fields.ts';
import { Badge } from '../../ui/badge.tsx';

const STATUS_VARIANT = { new: 'info', contacted: 'warning', resolved: 'success' } as const;
const PRIORITY_VARIANT = { low: 'secondary', medium: 'outline', high: 'warning', urgent: 'destructive' } as const;

/** An inquiry's status in words and colour (the words carry it; the colour helps). */
export function ContactStatusBadge({ status }: { status: ContactStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{CONTACT_STATUS_LABELS[status]}</Badge>;
}

export function ContactPriorityBadge({ priority }: { priority: ContactPriority }) {
  return <Badge variant={PRIORITY_VARIANT[priority]}>{CONTACT_PRIORITY_LABELS[priority]} priority</Badge>;
}
