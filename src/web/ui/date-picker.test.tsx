import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker.tsx';

function Harness({
  initial = '',
  onValue = () => {},
  latest,
}: {
  initial?: string;
  onValue?: (value: string) => void;
  latest?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="dob">Date of birth</label>
      <DatePicker
        id="dob"
        label="date of birth"
        value={value}
        latest={latest}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <output data-testid="stored">{value}</output>
    </>
  );
}

const stored = () => screen.getByTestId('stored').textContent;

describe('the date picker', () => {
  it('shows the stored yyyy-MM-dd as dd/MM/yyyy', () => {
    render(<Harness initial="1985-03-02" />);
    expect(screen.getByLabelText('Date of birth')).toHaveValue('02/03/1985');
  });

  it('stores a typed date as yyyy-MM-dd when the field is left', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Date of birth'), '2/3/1985');
    await user.tab();
    expect(stored()).toBe('1985-03-02');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('02/03/1985');
  });

  it('stores a typed date when Enter is pressed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Date of birth'), '15/08/1990{Enter}');
    expect(stored()).toBe('1990-08-15');
  });

  it('passes on a typed date that does not exist, so validation can name it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText('Date of birth'), '31/02/1990');
    await user.tab();
    expect(stored()).toBe('31/02/1990');
  });

  it('can be cleared', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Harness initial="1985-03-02" onValue={onValue} />);
    await user.click(screen.getByRole('button', { name: 'Clear date of birth' }));
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear date of birth' })).toBeNull();
  });

  it('clears when the typed text is deleted', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1985-03-02" />);
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.tab();
    expect(stored()).toBe('');
  });

  it('offers the years 1900 to ten years from now in the calendar', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1985-03-02" />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth from a calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date of birth' });
    const years = within(dialog).getByRole('combobox', { name: /year/i });
    const options = within(years)
      .getAllByRole('option')
      .map((o) => Number(o.textContent));
    expect(options[0]).toBe(1900);
    expect(options[options.length - 1]).toBe(new Date().getFullYear() + 10);
    expect(years).toHaveValue('1985');
  });

  it('picks a day from the calendar with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness initial="1985-03-02" />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth from a calendar' }));
    await screen.findByRole('dialog', { name: 'Choose date of birth' });
    // The selected day has focus; one day on and one week on, then choose it.
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(stored()).toBe('1985-03-10');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Date of birth')).toHaveValue('10/03/1985');
    expect(screen.getByLabelText('Date of birth')).toHaveFocus();
  });

  it('picks a day with the mouse after choosing month and year', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth from a calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date of birth' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /year/i }), { target: { value: '1972' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /month/i }), { target: { value: '6' } });
    await user.click(within(dialog).getByRole('button', { name: /14 July 1972/ }));
    expect(stored()).toBe('1972-07-14');
  });

  it('does not let a day after the latest date be picked', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-20" latest="2026-11-21" />);
    await user.click(screen.getByRole('button', { name: 'Choose date of birth from a calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose date of birth' });
    expect(within(dialog).getByRole('button', { name: /22 November 2026/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: /21 November 2026/ })).toBeEnabled();
  });
});
