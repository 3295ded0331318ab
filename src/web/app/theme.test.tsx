import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { THEME_STORAGE_KEY } from './theme.tsx';

describe('the colour theme', () => {
  it('follows the system by default', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/contact');
    expect(await screen.findByRole('button', { name: 'Colour theme: System' })).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('switches to dark and remembers it under ui-theme', async () => {
    mockApi({ 'GET /api/me': meHandler(null) });
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Colour theme: System' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Colour theme: Dark' })).toBeInTheDocument();
  });

  it('starts from the stored choice', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    mockApi({ 'GET /api/me': meHandler(null) });
    renderApp('/contact');
    expect(await screen.findByRole('button', { name: 'Colour theme: Dark' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });
});
