import { describe, expect, it } from 'vitest';
import { chooseSettingsTab } from './settings-tabs.ts';

describe('choosing the settings tab', () => {
  it('opens general when nothing asks for a tab', () => {
    expect(chooseSettingsTab({ query: null, state: null, remembered: null })).toBe('general');
  });

  it('takes the tab query parameter first', () => {
    expect(chooseSettingsTab({ query: 'security', state: { activeTab: 'profile' }, remembered: 'notifications' })).toBe(
      'security',
    );
  });

  it('takes the navigation state activeTab when there is no query', () => {
    expect(chooseSettingsTab({ query: null, state: { activeTab: 'profile' }, remembered: 'notifications' })).toBe(
      'profile',
    );
  });

  it('falls back to the remembered tab', () => {
    expect(chooseSettingsTab({ query: null, state: undefined, remembered: 'notifications' })).toBe('notifications');
  });

  it('skips unknown values at every level', () => {
    expect(chooseSettingsTab({ query: 'nonsense', state: { activeTab: 'nonsense' }, remembered: 'profile' })).toBe(
      'profile',
    );
    expect(chooseSettingsTab({ query: 'subscription', state: null, remembered: null })).toBe('subscription');
    expect(chooseSettingsTab({ query: 'x', state: { activeTab: 42 }, remembered: 'y' })).toBe('general');
    expect(chooseSettingsTab({ query: null, state: 'profile', remembered: null })).toBe('general');
  });
});
