import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, meQueryKey, resendVerificationEmail } from '../app/api.ts';
import { notify } from '../app/notify.ts';
import { TOO_MANY_REQUESTS } from './auth-errors.ts';

const SENT = 'Verification email sent. Please check your inbox (including spam folder).';
const WAIT = 'Please wait before requesting another verification email';
const INVALID_EMAIL = 'Please provide a valid email address';

/**
 * The spec's three resend flows (000 §8). Flow B's 'No account found with this email address'
 * is never shown: anyone not signed in gets the same answer for every address, and the truth
 * goes to the address by e-mail (docs/decisions/0003, 0013).
 */
export const RESEND_MESSAGES = {
  /** The banner on protected pages (and the dashboard's first step), for the signed-in user. */
  banner: {
    success: SENT,
    alreadyVerified: 'Email is already confirmed',
    rateLimited: TOO_MANY_REQUESTS,
    tooSoon: WAIT,
    invalidEmail: INVALID_EMAIL,
    failure: 'Failed to send verification email. Please try again later.',
  },
  /** Flow A: the confirmation page after sign-up, for the address just registered. */
  confirmation: {
    success: 'Verification email resent. Please check your inbox (including spam folder).',
    alreadyVerified: 'Your email is already verified. Please try signing in again.',
    rateLimited: TOO_MANY_REQUESTS,
    tooSoon: TOO_MANY_REQUESTS,
    invalidEmail: INVALID_EMAIL,
    failure: 'Failed to resend verification email',
  },
  /** Flow B: an address typed in, and /verification-required. */
  lookup: {
    success: SENT,
    alreadyVerified: 'Email is already confirmed',
    rateLimited: TOO_MANY_REQUESTS,
    tooSoon: WAIT,
    invalidEmail: INVALID_EMAIL,
    failure: 'Failed to send verification email',
  },
} as const;

export type ResendFlow = keyof typeof RESEND_MESSAGES;

/** The server allows one link a minute per address; the button rests as long. */
export const RESEND_COOLDOWN_MS = 60_000;

export function resendErrorMessage(flow: ResendFlow, error: unknown): string {
  const messages = RESEND_MESSAGES[flow];
  if (!(error instanceof ApiError)) return messages.failure;
  if (error.code === 'TOO_SOON') return messages.tooSoon;
  if (error.status === 429) return messages.rateLimited;
  if (error.code === 'VALIDATION_FAILED') return messages.invalidEmail;
  return messages.failure;
}

export function useResendVerification(flow: ResendFlow) {
  const messages = RESEND_MESSAGES[flow];
  const queryClient = useQueryClient();
  const [coolingDown, setCoolingDown] = useState(false);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), RESEND_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  const mutation = useMutation({
    mutationFn: ({ email, next }: { email: string; next?: string }) => resendVerificationEmail(email, next),
    retry: false,
    onSuccess: (status) => {
      setCoolingDown(true);
      if (status === 'already_verified') {
        // Only ever said to the signed-in owner: their page can move on.
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        if (flow === 'confirmation') notify.info(messages.alreadyVerified);
        else notify.success(messages.alreadyVerified);
        return;
      }
      notify.success(messages.success);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'TOO_SOON') setCoolingDown(true);
      notify.error(resendErrorMessage(flow, error));
    },
  });

  return {
    resend: (email: string, next?: string) => mutation.mutate({ email, ...(next ? { next } : {}) }),
    isSending: mutation.isPending,
    isCoolingDown: coolingDown,
  };
}
