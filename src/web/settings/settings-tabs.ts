import type { SettingsTab } from '../app/paths.ts';

/** The tabs the settings page shows, in order (the spec's SETTINGS_TABS in paths.ts). */
export const AVAILABLE_SETTINGS_TABS = [
  'general',
  'profile',
  'subscription',
  'notifications',
  'security',
] as const satisfies readonly SettingsTab[];
export type AvailableSettingsTab = (typeof AVAILABLE_SETTINGS_TABS)[number];

export const DEFAULT_SETTINGS_TAB: AvailableSettingsTab = 'general';

/** Browser storage key (000 §3) under which the last chosen tab is remembered. */
export const SETTINGS_TAB_STORAGE_KEY = 'settingsActiveTab';

export function isAvailableSettingsTab(value: unknown): value is AvailableSettingsTab {
  return typeof value === 'string' && (AVAILABLE_SETTINGS_TABS as readonly string[]).includes(value);
}

/** Reads `activeTab` from react-router navigation state, which may be anything. */
export function activeTabFromState(state: unknown): unknown {
  return typeof state === 'object' && state !== null && 'activeTab' in state
    ? (state as { activeTab: unknown }).activeTab
    : undefined;
}

/**
 * Which tab opens: the `tab` query parameter, else the navigation state's `activeTab`, else the
 * remembered tab, else general. An unknown value at any level falls through to the next one.
 */
export function chooseSettingsTab(sources: {
  query: unknown;
  state: unknown;
  remembered: unknown;
}): AvailableSettingsTab {
  for (const candidate of [sources.query, activeTabFromState(sources.state), sources.remembered]) {
    if (isAvailableSettingsTab(candidate)) return candidate;
  }
  return DEFAULT_SETTINGS_TAB;
}

export function readRememberedTab(): string | null {
  try {
    return window.localStorage.getItem(SETTINGS_TAB_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, policy): nothing remembered
  }
}

export function rememberTab(tab: AvailableSettingsTab): void {
  try {
    window.localStorage.setItem(SETTINGS_TAB_STORAGE_KEY, tab);
  } catch {
    // storage blocked: the tab is still in the address
  }
}
