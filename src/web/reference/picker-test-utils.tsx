import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { expect, vi } from 'vitest';
import { json, mockApi } from '../test/api-mock.ts';
import { createTestQueryClient } from '../test/render-app.tsx';

/**
 * Renders a picker under a visible label, holding its value the way a form would; the chosen
 * value is also written out, so a test can read what was stored.
 */
export function renderPicker<T>(
  label: string,
  picker: (props: { id: string; value: T | null; onChange: (value: T | null) => void }) => ReactNode,
  {
    initial = null,
    describe = (value: T) => JSON.stringify(value),
  }: { initial?: T | null; describe?: (value: T) => string } = {},
) {
  const onChange = vi.fn<(value: T | null) => void>();
  function Harness() {
    const [value, setValue] = useState<T | null>(initial);
    return (
      <>
        <label htmlFor="picker">{label}</label>
        {picker({
          id: 'picker',
          value,
          onChange: (next) => {
            setValue(next);
            onChange(next);
          },
        })}
        <output data-testid="chosen">{value === null ? '' : describe(value)}</output>
        <button type="button">After the picker</button>
      </>
    );
  }
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { ...result, user, onChange, queryClient, chosen: () => screen.getByTestId('chosen').textContent };
}

/** Moves fake time on, letting React and any pending fetch catch up. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Types `text` one key at a time, `gapMs` of fake time apart (user-event waits on real timers
 * inside act, so under fake timers each keystroke is a change event).
 */
export async function typeSlowly(input: HTMLElement, text: string, gapMs: number): Promise<void> {
  for (let length = 1; length <= text.length; length += 1) {
    if (length > 1) await advance(gapMs);
    fireEvent.change(input, { target: { value: text.slice(0, length) } });
  }
}

/** Opens the picker labelled `label`, checking its placeholder and its search box's on the way. */
export async function openPicker(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  texts: { placeholder: string; search: string },
): Promise<HTMLElement> {
  const trigger = screen.getByRole('combobox', { name: label });
  expect(trigger).toHaveTextContent(texts.placeholder);
  await user.click(trigger);
  const search = screen.getByRole('combobox', { name: texts.search.replace(/\.\.\.$/, '') });
  expect(search).toHaveAttribute('placeholder', texts.search);
  expect(search).toHaveFocus();
  return search;
}

/**
 * Opens the picker (`open` renders and clicks it) while `endpoint` has not answered: the loading text shows; once it answers
 * with `emptyBody`, the empty text does.
 */
export async function expectLoadingThenEmpty(
  endpoint: string,
  emptyBody: unknown,
  open: () => Promise<unknown>,
  texts: { loading: string; empty: string },
): Promise<void> {
  let answer: (response: Response) => void = () => {};
  mockApi({ [endpoint]: () => new Promise<Response>((resolve) => (answer = resolve)) });
  await open();
  expect(screen.getByRole('status')).toHaveTextContent(texts.loading);
  answer(json(200, emptyBody));
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(texts.empty));
}
