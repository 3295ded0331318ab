type SignalSources = {
  navigator: { doNotTrack?: string | null; msDoNotTrack?: string; globalPrivacyControl?: boolean };
  window: { doNotTrack?: string | null };
};

/**
 * Whether the browser asks not to be tracked: Do Not Track ('1', or 'yes' in old Firefox, also
 * on `window` in old Safari and Edge) or Global Privacy Control. Either keeps analytics and
 * marketing off.
 */
export function readPrivacySignal(sources: SignalSources = { navigator, window } as unknown as SignalSources): boolean {
  const dnt = sources.navigator.doNotTrack ?? sources.window.doNotTrack ?? sources.navigator.msDoNotTrack;
  return dnt === '1' || dnt === 'yes' || sources.navigator.globalPrivacyControl === true;
}
