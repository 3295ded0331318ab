import { CircleCheck, CircleMinus, CircleX, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { CheckStatus, HealthBand } from '../../../core/system-health/health-rules.ts';
import { Badge } from '../../ui/badge.tsx';
import type { SystemHealth } from './api.ts';
import { BAND_WORDS, CHECK_WORDS } from './health-text.ts';

type Tone = 'success' | 'warning' | 'destructive';

const CHECK_LOOK: Record<CheckStatus, { icon: LucideIcon; tone: Tone }> = {
  passed: { icon: CircleCheck, tone: 'success' },
  warning: { icon: TriangleAlert, tone: 'warning' },
  failed: { icon: CircleX, tone: 'destructive' },
};

/** A check's outcome: icon and word, never colour alone. */
export function CheckBadge({ status }: { status: CheckStatus }) {
  const { icon: Icon, tone } = CHECK_LOOK[status];
  return (
    <Badge variant={tone}>
      <Icon aria-hidden />
      {CHECK_WORDS[status]}
    </Badge>
  );
}

/** 002 §4's health colours (90 green, 70 yellow, else red) as the design's status tones. */
export function bandTone(colour: SystemHealth['colour']): Tone {
  return colour === 'green' ? 'success' : colour === 'yellow' ? 'warning' : 'destructive';
}

export function BandBadge({ band, colour }: { band: HealthBand; colour: SystemHealth['colour'] }) {
  const tone = bandTone(colour);
  const Icon = tone === 'success' ? CircleCheck : tone === 'warning' ? TriangleAlert : CircleX;
  return (
    <Badge variant={tone}>
      <Icon aria-hidden />
      {BAND_WORDS[band]}
    </Badge>
  );
}

const INTEGRATION_LOOK: Record<
  SystemHealth['crm']['status'],
  { word: string; icon: LucideIcon | null; tone: Tone | 'secondary' }
> = {
  healthy: { word: 'Healthy', icon: CircleCheck, tone: 'success' },
  warning: { word: 'Warning', icon: TriangleAlert, tone: 'warning' },
  error: { word: 'Error', icon: CircleX, tone: 'destructive' },
  disabled: { word: 'Disabled', icon: CircleMinus, tone: 'secondary' },
};

/** An integration's state (002 §4: healthy, error, disabled, other as warning). */
export function IntegrationBadge({ status }: { status: SystemHealth['crm']['status'] }) {
  const { word, icon: Icon, tone } = INTEGRATION_LOOK[status];
  return (
    <Badge variant={tone}>
      {Icon ? <Icon aria-hidden /> : null}
      {word}
    </Badge>
  );
}
