import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InlineEditField, type InlineEditFieldProps } from './inline-edit-field.tsx';

/** The field over a saved value, as its owner keeps it. */
function Harness({
  initial,
  save,
  ...rest
}: { initial: string; save: (value: string) => Promise<void> } & Partial<InlineEditFieldProps>) {
  const [value, setValue] = useState(initial);
  return (
    <InlineEditField
      label="Copyright text"
      value={value}
      onSave={async (next) => {
        await save(next);
        setValue(next);
      }}
      {...rest}
    />
  );
}

const state = () => document.querySelector('[data-state]')?.getAttribute('data-state');

describe('the inline-edit field', () => {
  it('goes viewing → editing → saving → viewing when Enter saves', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness initial="© 2024 Pig" save={save} />);
    expect(state()).toBe('viewing');
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    expect(state()).toBe('editing');
    const input = screen.getByRole('textbox', { name: 'Copyright text' });
    expect(input).toHaveFocus();
    await user.clear(input);
    await user.type(input, '© {{{{year}} Pig Ltd{Enter}');
    expect(save).toHaveBeenCalledWith('© {{year}} Pig Ltd');
    expect(state()).toBe('saving');
    expect(screen.getByRole('button', { name: 'Save Copyright text' })).toHaveTextContent('Saving...');
    finish();
    await waitFor(() => expect(state()).toBe('viewing'));
    expect(screen.getByText('© {{year}} Pig Ltd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Copyright text' })).toHaveFocus();
  });

  it('reverts on Escape, saving nothing, and shows the saved value again', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    const drafts: (string | null)[] = [];
    render(<Harness initial="Legal" save={save} onDraftChange={(draft) => drafts.push(draft)} />);
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    await user.type(screen.getByRole('textbox', { name: 'Copyright text' }), ' and more');
    await user.keyboard('{Escape}');
    expect(save).not.toHaveBeenCalled();
    expect(state()).toBe('viewing');
    expect(screen.getByText('Legal')).toBeInTheDocument();
    expect(drafts.at(-2)).toBe('Legal and more');
    expect(drafts.at(-1)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    expect(screen.getByRole('textbox', { name: 'Copyright text' })).toHaveValue('Legal');
  });

  it('reverts on Cancel too', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    render(<Harness initial="Legal" save={save} />);
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    await user.type(screen.getByRole('textbox', { name: 'Copyright text' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Cancel editing Copyright text' }));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('Legal')).toBeInTheDocument();
  });

  it('stays editing with the draft kept when the save fails, or when the value is refused before saving', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw new Error('refused');
    });
    render(
      <Harness
        initial="#AA1164"
        save={save}
        type="colour"
        validate={(v) => (/^#[0-9a-f]{6}$/i.test(v) ? null : 'Enter a hex colour')}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    const input = screen.getByRole('textbox', { name: 'Copyright text' });
    await user.clear(input);
    await user.type(input, 'red{Enter}');
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a hex colour')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '#112233{Enter}');
    await waitFor(() => expect(save).toHaveBeenCalledWith('#112233'));
    await waitFor(() => expect(state()).toBe('editing'));
    expect(screen.getByRole('textbox', { name: 'Copyright text' })).toHaveValue('#112233');
  });

  it('in a textarea, Enter starts a new line and Ctrl+Enter saves', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {});
    render(<Harness initial="<p>Hi</p>" save={save} type="textarea" />);
    await user.click(screen.getByRole('button', { name: 'Edit Copyright text' }));
    const area = screen.getByRole('textbox', { name: 'Copyright text' });
    await user.type(area, '{Enter}<p>Two</p>');
    expect(save).not.toHaveBeenCalled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(save).toHaveBeenCalledWith('<p>Hi</p>\n<p>Two</p>'));
  });

  it('shows - for an empty value', () => {
    render(<Harness initial="" save={async () => {}} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
