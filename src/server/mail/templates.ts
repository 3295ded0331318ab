import { approximateIp, describeUserAgent } from '../../core/session/user-agent.ts';
import type { OutgoingMail } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'code'; code: string };

/** One branded layout for every e-mail; every user-supplied string is escaped. */
export function compose(to: string, subject: string, blocks: Block[]): OutgoingMail {
  const text =
    blocks.map((b) => (b.kind === 'p' ? b.text : b.kind === 'code' ? b.code : `${b.label}: ${b.url}`)).join('\n\n') +
    '\n\n— SavvyPig';
  const body = blocks
    .map((b) =>
      b.kind === 'p'
        ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(b.text)}</p>`
        : b.kind === 'code'
          ? `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(b.code)}</p>`
          : `<p style="margin:24px 0"><a href="${escapeHtml(b.url)}" style="background:#AA1164;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(b.label)}</a></p>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en-GB"><body style="margin:0;background:#f4f4f5;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181b">
<div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#AA1164">SavvyPig</p>${body}</div>
<p style="font-size:12px;color:#71717a;margin:16px 0 0">You are receiving this because of activity on your SavvyPig account.</p></div></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, firstName: string | null, url: string): OutgoingMail {
  return compose(to, 'Verify your email for SavvyPig', [
    { kind: 'p', text: `Hello${firstName ? ` ${firstName}` : ''},` },
    { kind: 'p', text: 'Please confirm your email address to activate your SavvyPig account and your 7-day trial.' },
    { kind: 'button', label: 'Verify my email', url },
    { kind: 'p', text: 'This link expires in 24 hours. If you did not sign up, you can ignore this email.' },
  ]);
}

export function alreadyRegisteredMail(to: string, signInUrl: string, resetUrl: string): OutgoingMail {
  return compose(to, 'Someone tried to sign up with your email', [
    { kind: 'p', text: 'This email is already registered. Please use a different email or try logging in.' },
    { kind: 'button', label: 'Log in', url: signInUrl },
    { kind: 'p', text: `Forgotten your password? Reset it here: ${resetUrl}` },
    { kind: 'p', text: 'If this was not you, no action is needed: your account is unchanged.' },
  ]);
}

export function contactNotificationMail(
  to: string,
  inquiry: { name: string; email: string; inquiryType: string; subject: string; message: string },
): OutgoingMail {
  const mail = compose(to, `[Contact] ${inquiry.subject}`, [
    { kind: 'p', text: `New ${inquiry.inquiryType} inquiry from ${inquiry.name} <${inquiry.email}>.` },
    { kind: 'p', text: `Subject: ${inquiry.subject}` },
    { kind: 'p', text: inquiry.message },
  ]);
  return { ...mail, replyTo: inquiry.email };
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  return compose(to, 'Reset your SavvyPig password', [
    { kind: 'p', text: 'We received a request to reset the password for your SavvyPig account.' },
    { kind: 'button', label: 'Choose a new password', url },
    {
      kind: 'p',
      text: 'This link expires in 1 hour and works once. Resetting your password signs you out everywhere else.',
    },
    { kind: 'p', text: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
  ]);
}

/** The second step of a sign-in, by e-mail: a one-time code (better-auth's two-factor OTP). */
export function twoFactorCodeMail(to: string, code: string, validMinutes: number): OutgoingMail {
  return compose(to, `${code} is your SavvyPig sign-in code`, [
    { kind: 'p', text: 'Use this code to finish logging in to SavvyPig:' },
    { kind: 'code', code },
    {
      kind: 'p',
      text: `It expires in ${validMinutes} minutes and works once. SavvyPig will never ask you for this code by phone or email.`,
    },
    {
      kind: 'p',
      text: 'If you did not just try to log in, someone may know your password: change it in Settings, under Security.',
    },
  ]);
}

/** "Friday, 21 November 2026 at 14:05 GMT": UK time, whatever the server's time zone. */
export function formatUkDateTime(date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(date);
  return `${day} at ${time}`;
}

export function newDeviceSignInMail(
  to: string,
  signIn: {
    firstName: string | null;
    signedInAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
    resetUrl: string;
  },
): OutgoingMail {
  const { browser, os } = describeUserAgent(signIn.userAgent);
  return compose(to, 'New sign-in to your SavvyPig account', [
    { kind: 'p', text: `Hello${signIn.firstName ? ` ${signIn.firstName}` : ''},` },
    { kind: 'p', text: 'Your SavvyPig account was just signed in to from a device we have not seen before.' },
    { kind: 'p', text: `When: ${formatUkDateTime(signIn.signedInAt)} (UK time)` },
    { kind: 'p', text: `Device: ${browser} on ${os}` },
    { kind: 'p', text: `Approximate IP address: ${approximateIp(signIn.ipAddress)}` },
    { kind: 'p', text: 'If this was you, there is nothing to do.' },
    { kind: 'p', text: "If this wasn't you, reset your password now: it signs you out everywhere else." },
    { kind: 'button', label: 'Reset my password', url: signIn.resetUrl },
    { kind: 'p', text: 'You can turn these emails off under Settings, Notifications.' },
  ]);
}

/** `cancelledPlan`: the paid plan cancelled at the card provider before the deletion, if any. */
export function accountDeletedMail(
  to: string,
  contactUrl: string,
  { cancelledPlan = null }: { cancelledPlan?: string | null } = {},
): OutgoingMail {
  return compose(to, 'Your SavvyPig account has been deleted', [
    { kind: 'p', text: 'Your SavvyPig account and everything in it have been deleted, as you asked.' },
    {
      kind: 'p',
      text: 'Your accounts with their transactions, standing orders, terms, ISA and pension details, your notifications, profile, settings, photo, sign-in history and saved choices are gone, and every device has been signed out.',
    },
    ...(cancelledPlan
      ? [
          {
            kind: 'p' as const,
            text: `Your ${cancelledPlan} subscription was cancelled with the card provider before the deletion: you will not be charged again. No refund is made for the rest of the period already paid.`,
          },
        ]
      : []),
    { kind: 'p', text: `If you did not delete your account, contact us straight away: ${contactUrl}` },
  ]);
}

/** To the owner of an already verified address when someone asks to resend its verification e-mail. */
export function alreadyVerifiedMail(to: string, signInUrl: string, resetUrl: string): OutgoingMail {
  return compose(to, 'Your SavvyPig email is already verified', [
    {
      kind: 'p',
      text: 'Someone asked us to send a verification link for this address, but it is already verified. There is nothing more to do: just log in.',
    },
    { kind: 'button', label: 'Log in', url: signInUrl },
    { kind: 'p', text: `Forgotten your password? Reset it here: ${resetUrl}` },
    { kind: 'p', text: 'If this was not you, no action is needed: your account is unchanged.' },
  ]);
}
