import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Email } from './crm-parts.tsx';

describe('Email', () => {
  it('offers a line break before the @ first, and reads as the address', () => {
    const { container } = render(<Email address="jo.bloggs@example.co.uk" />);
    expect(container.innerHTML).toBe('jo.bloggs<wbr>@example.co.uk');
    expect(container.textContent).toBe('jo.bloggs@example.co.uk');
  });

  it('leaves a value without a local part and an @ as it is', () => {
    expect(render(<Email address="user-7" />).container.innerHTML).toBe('user-7');
    expect(render(<Email address="@handle" />).container.innerHTML).toBe('@handle');
  });
});
