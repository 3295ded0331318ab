import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeMe, meHandler, mockApi } from '../test/api-mock.ts';
import { renderApp } from '../test/render-app.tsx';

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Your name'), 'Sam Patel');
  await user.type(screen.getByLabelText('Email address'), 'sam@example.com');
  await user.selectOptions(screen.getByLabelText('What is your message about?'), 'technical');
  await user.type(screen.getByLabelText('Subject'), 'Cannot add an account');
  await user.type(screen.getByLabelText('Message'), 'The add account button does nothing on my phone.');
}

describe('the contact form', () => {
  it('explains each missing field in plain words', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(null) });
    const { user } = renderApp('/contact');
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    for (const message of [
      'Enter your name',
      'Enter your email address',
      'Choose what your message is about',
      'Enter a subject',
      'Your message must be at least 10 characters',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Enter a subject');
    expect(api.calls('POST /api/contact')).toHaveLength(0);
  });

  it('sends the enquiry, thanks the user and clears the form', async () => {
    const api = mockApi({ 'GET /api/me': meHandler(null), 'POST /api/contact': json(201, { id: 'c-1' }) });
    const { user } = renderApp('/contact');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thank you for contacting us. We will get back to you soon.')).toBeInTheDocument();
    expect(api.calls('POST /api/contact')[0]?.body).toEqual({
      name: 'Sam Patel',
      email: 'sam@example.com',
      inquiryType: 'technical',
      subject: 'Cannot add an account',
      message: 'The add account button does nothing on my phone.',
    });
    await waitFor(() => expect(screen.getByLabelText('Subject')).toHaveValue(''));
  });

  it('asks the user to wait when rate limited', async () => {
    mockApi({ 'GET /api/me': meHandler(null), 'POST /api/contact': apiError(429, 'RATE_LIMITED', 'Slow down') });
    const { user } = renderApp('/contact');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('Too many requests. Please wait before trying again')).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('Cannot add an account');
  });

  it('shows the server’s message for other errors', async () => {
    mockApi({
      'GET /api/me': meHandler(null),
      'POST /api/contact': apiError(400, 'VALIDATION_ERROR', 'Subject must not contain links'),
    });
    const { user } = renderApp('/contact');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('Subject must not contain links')).length).toBeGreaterThan(0);
  });

  it('fills in the name and address of a signed-in user', async () => {
    mockApi({ 'GET /api/me': meHandler(makeMe()) });
    renderApp('/contact');
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Jane Doe'));
    expect(screen.getByLabelText('Email address')).toHaveValue('jane@example.com');
  });
});
