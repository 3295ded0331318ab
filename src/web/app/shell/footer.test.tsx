import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, meHandler, mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

beforeAll(() => import('../../legal/legal-page.tsx'), 60_000);

const structured = {
  footer: {
    kind: 'structured',
    footer: {
      logoUrl: '',
      backgroundColor: '#1E3A8A',
      textColor: '#FFFFFF',
      links: [
        { id: 'help', label: '<b>Help</b>', url: '/support' },
        { id: 'fca', label: 'FCA', url: 'https://www.fca.org.uk/' },
      ],
      copyrightText: '© 2026 Pig Ltd <script>alert(1)</script>',
    },
  },
  isDefault: false,
};

describe('the footer', () => {
  it('shows the defaults at once, then the active footer: its links as text, its colours', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/footer': json(200, structured) });
    renderApp('/legal');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() =>
      expect(within(footer).getByRole('link', { name: '<b>Help</b>' })).toHaveAttribute('href', '/support'),
    );
    expect(within(footer).queryByRole('link', { name: 'Legal' })).toBeNull();
    const external = within(footer).getByRole('link', { name: 'FCA (opens in a new tab)' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(footer).getByText('© 2026 Pig Ltd <script>alert(1)</script>')).toBeInTheDocument();
    expect(footer.querySelector('script, b')).toBeNull();
    expect(footer).toHaveStyle({ backgroundColor: '#1E3A8A', color: '#FFFFFF' });
    expect(within(footer).getByRole('button', { name: 'Cookie preferences' })).toBeInTheDocument();
  });

  it('shows raw HTML the server sanitised, with the app’s own links beside it', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'GET /api/footer': json(200, {
        footer: { kind: 'html', html: '<p>Made in <strong>Leeds</strong></p><a href="/contact">Write to us</a>' },
        isDefault: false,
      }),
    });
    renderApp('/legal');
    const footer = await screen.findByRole('contentinfo');
    await waitFor(() => expect(within(footer).getByText('Leeds').tagName).toBe('STRONG'));
    expect(within(footer).getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', '/contact');
    expect(within(footer).getByRole('button', { name: 'Cookie preferences' })).toBeInTheDocument();
  });

  it('keeps the defaults when the footer cannot be loaded', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'GET /api/footer': json(500, {}) });
    renderApp('/legal');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Legal' })).toHaveAttribute('href', '/legal');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(footer).toHaveStyle({ backgroundColor: '#AA1164' });
  });
});
