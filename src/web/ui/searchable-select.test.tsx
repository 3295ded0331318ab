import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render-app.tsx';
import { SEARCH_DEBOUNCE_MS, SearchableSelect } from './searchable-select.tsx';

type Fruit = { id: string; name: string };
const FRUIT: Fruit[] = ['Apple', 'Apricot', 'Banana', 'Blackberry', 'Cherry'].map((name) => ({
  id: name.toLowerCase(),
  name,
}));

/** A search over FRUIT that records each query it is asked. */
function fruitSearch(fail = false) {
  return vi.fn(async (query: string) => {
    if (fail) throw new Error('The orchard is closed');
    return FRUIT.filter((fruit) => fruit.name.toLowerCase().includes(query.toLowerCase()));
  });
}

function renderSelect({
  loadOptions = fruitSearch(),
  initial = null,
  disabled = false,
}: {
  loadOptions?: (query: string) => Promise<Fruit[]>;
  initial?: Fruit | null;
  disabled?: boolean;
} = {}) {
  const onChange = vi.fn<(value: Fruit | null) => void>();
  function Harness() {
    const [value, setValue] = useState<Fruit | null>(initial);
    return (
      <>
        <label htmlFor="fruit">Fruit</label>
        <SearchableSelect<Fruit>
          id="fruit"
          value={value}
          onChange={(next) => {
            setValue(next);
            onChange(next);
          }}
          queryKey={(q) => ['fruit', q]}
          loadOptions={(q) => loadOptions(q)}
          getOptionKey={(fruit) => fruit.id}
          getOptionLabel={(fruit) => fruit.name}
          texts={{
            placeholder: 'Select fruit...',
            search: 'Search fruit...',
            loading: 'Loading fruit...',
            empty: 'No fruit found.',
            failed: (message) => `Failed to load fruit: ${message}`,
          }}
          disabled={disabled}
          aria-invalid
          aria-describedby="fruit-hint"
        />
        <p id="fruit-hint">Pick one</p>
      </>
    );
  }
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );
  const trigger = screen.getByRole('combobox', { name: 'Fruit' });
  const open = async () => {
    await user.click(trigger);
    await screen.findAllByRole('option');
    return screen.getByRole('combobox', { name: 'Search fruit' });
  };
  const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);
  const active = () => {
    const id = screen.getByRole('combobox', { name: 'Search fruit' }).getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : undefined;
  };
  return { user, trigger, open, onChange, optionNames, active };
}

describe('the searchable select', () => {
  it('is a labelled combobox button that carries the form field state', () => {
    const { trigger } = renderSelect();
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger).toHaveTextContent('Select fruit...');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Pick one');
  });

  it('opens a named dialog whose search box controls a listbox of options', async () => {
    const { trigger, open } = renderSelect();
    const search = await open();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Select fruit' })).toContainElement(search);
    expect(search).toHaveFocus();
    expect(search).toHaveAttribute('aria-autocomplete', 'list');
    expect(search).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Search fruit' });
    expect(search).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(new Set(options.map((option) => option.id)).size).toBe(5);
    expect(options.filter((option) => option.getAttribute('aria-selected') === 'true')).toEqual([options[0]]);
  });

  it('moves through the options with the arrow keys, Home and End, and stops at the ends', async () => {
    const { user, open, active } = renderSelect();
    await open();
    expect(active()).toBe('Apple');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe('Apple');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe('Banana');
    await user.keyboard('{End}');
    expect(active()).toBe('Cherry');
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe('Cherry');
    await user.keyboard('{Home}');
    expect(active()).toBe('Apple');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(active()).toBe('Apple');
  });

  it('chooses the active option with Enter, closes and returns focus to the button', async () => {
    const { user, trigger, open, onChange } = renderSelect();
    await open();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 'blackberry', name: 'Blackberry' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Blackberry');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape without changing anything, focus back on the button', async () => {
    const { user, trigger, open, onChange } = renderSelect({ initial: FRUIT[2] ?? null });
    await open();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger).toHaveTextContent('Banana');
    expect(trigger).toHaveFocus();
  });

  it('closes on Tab without changing anything', async () => {
    const { user, trigger, open, onChange } = renderSelect();
    await open();
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();
  });

  it('opens from the keyboard and starts on the option already chosen', async () => {
    const { user, trigger, active } = renderSelect({ initial: FRUIT[3] ?? null });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findAllByRole('option');
    expect(active()).toBe('Blackberry');
    expect(screen.getByRole('option', { name: 'Blackberry' })).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses an option with the mouse', async () => {
    const { user, trigger, open, onChange } = renderSelect();
    await open();
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 'cherry', name: 'Cherry' });
    expect(trigger).toHaveTextContent('Cherry');
  });

  it('searches once typing has paused for 300 ms, and starts on the first match', async () => {
    const loadOptions = fruitSearch();
    const { open, optionNames, active } = renderSelect({ loadOptions });
    const search = await open();
    expect(loadOptions.mock.calls).toEqual([['']]);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const text of ['a', 'ap', 'apr']) {
      fireEvent.change(search, { target: { value: text } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    }
    expect(loadOptions.mock.calls).toEqual([['']]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(loadOptions.mock.calls).toEqual([[''], ['apr']]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(loadOptions.mock.calls).toEqual([[''], ['apr']]);
    expect(optionNames()).toEqual(['Apricot']);
    expect(active()).toBe('Apricot');
  });

  it('chooses the best match of what was typed when Enter comes before the search has answered it', async () => {
    // The list opened on every fruit ('Apple' first); 'cher' then Enter within the debounce.
    const loadOptions = fruitSearch();
    const { trigger, open, onChange } = renderSelect({ loadOptions });
    const search = await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'cher' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Searched at once, not after the debounce, and chosen on its answer.
    expect(loadOptions.mock.calls).toEqual([[''], ['cher']]);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 'cherry', name: 'Cherry' });
    expect(trigger).toHaveTextContent('Cherry');
    // Radix hands focus back to the button on a timer.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(trigger).toHaveFocus();
  });

  it('waits for an answer still on its way when Enter comes, and chooses nothing when it finds nothing', async () => {
    let answer: (fruit: Fruit[]) => void = () => {};
    const loadOptions = vi.fn((query: string) =>
      query === '' ? Promise.resolve(FRUIT) : new Promise<Fruit[]>((resolve) => (answer = resolve)),
    );
    const { onChange, open, trigger } = renderSelect({ loadOptions });
    const search = await open();
    fireEvent.change(search, { target: { value: 'ban' } });
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith('ban'));
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => answer([FRUIT[2]!]));
    await waitFor(() => expect(onChange).toHaveBeenCalledExactlyOnceWith({ id: 'banana', name: 'Banana' }));

    await open();
    const again = screen.getByRole('combobox', { name: 'Search fruit' });
    fireEvent.change(again, { target: { value: 'kiwi' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(loadOptions).toHaveBeenCalledWith('kiwi'));
    await act(async () => answer([]));
    await screen.findByText('No fruit found.');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(trigger).toHaveTextContent('Banana');
  });

  it('forgets an early Enter once the text changes again', async () => {
    const { onChange, open } = renderSelect();
    const search = await open();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(search, { target: { value: 'ap' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.change(search, { target: { value: 'apr' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Apricot']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sends the search trimmed, and does not search again for spaces alone', async () => {
    const loadOptions = fruitSearch();
    const { user, open, optionNames } = renderSelect({ loadOptions });
    const search = await open();
    await user.type(search, '  ');
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    await user.type(search, 'cher ');
    await waitFor(() => expect(optionNames()).toEqual(['Cherry']));
    expect(loadOptions.mock.calls).toEqual([[''], ['cher']]);
  });

  it('shows the empty text, with no listbox, when nothing matches', async () => {
    const { user, open } = renderSelect();
    const search = await open();
    await user.type(search, 'kiwi');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No fruit found.'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(search).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the error text when the search fails', async () => {
    const { user, trigger } = renderSelect({ loadOptions: fruitSearch(true) });
    await user.click(trigger);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load fruit: The orchard is closed');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the loading text until the first answer arrives', async () => {
    let answer: (fruit: Fruit[]) => void = () => {};
    const { user, trigger } = renderSelect({ loadOptions: () => new Promise((resolve) => (answer = resolve)) });
    await user.click(trigger);
    expect(screen.getByRole('status')).toHaveTextContent('Loading fruit...');
    act(() => answer(FRUIT.slice(0, 1)));
    expect(await screen.findByRole('option', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('Loading fruit...');
  });

  it('starts with an empty search box each time it opens, reusing the answer it already has', async () => {
    const loadOptions = fruitSearch();
    const { user, open } = renderSelect({ loadOptions });
    const search = await open();
    await user.type(search, 'zzz');
    await screen.findByText('No fruit found.');
    await user.keyboard('{Escape}');
    const again = await open();
    expect(again).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(loadOptions.mock.calls).toEqual([[''], ['zzz']]);
  });

  it('does not open or search when disabled', async () => {
    const loadOptions = fruitSearch();
    const { user, trigger } = renderSelect({ loadOptions, disabled: true });
    expect(trigger).toBeDisabled();
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(loadOptions).not.toHaveBeenCalled();
  });
});
