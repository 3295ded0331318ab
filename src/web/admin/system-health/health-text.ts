/** How the health screens write measured figures (en-GB). */
import type { CheckStatus, HealthBand } from '../../../core/system-health/health-rules.ts';

/** 002 §8: what the health screens say when their figures cannot be loaded. */
export const FETCH_FAILED = 'Failed to fetch system status';

/** Milliseconds: "0.8 ms", "42 ms", "1.2 s"; a dash for no figure. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 10) return `${(Math.round(ms * 10) / 10).toLocaleString('en-GB')} ms`;
  if (ms < 1000) return `${Math.round(ms).toLocaleString('en-GB')} ms`;
  return `${(Math.round(ms / 100) / 10).toLocaleString('en-GB')} s`;
}

/** Bytes as megabytes: "182 MB". */
export function megabytesText(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024)).toLocaleString('en-GB')} MB`;
}

/** An uptime: "45 s", "12 min", "3 h 5 min", "2 days 4 h". */
export function uptimeText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`;
}

export const BAND_WORDS: Record<HealthBand, string> = {
  excellent: 'Excellent',
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
};

export const CHECK_WORDS: Record<CheckStatus, string> = { passed: 'Passed', warning: 'Warning', failed: 'Failed' };

/** A time of day as the dashboard stamps its measurements: "07:12:03". */
export function clockText(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
