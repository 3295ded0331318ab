import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, sendVerificationEmail } from '../app/api.ts';

/** The spec's texts for the two places that resend the verification e-mail (000 §8). */
export const RESEND_MESSAGES = {
  banner: {
    success: 'Verification email sent. Please check your inbox (including spam folder).',
    failure: 'Failed to send verification email. Please try again later.',
    rateLimited: 'Failed to send verification email. Please try again later.',
    alreadyVerified: 'Failed to send verification email. Please try again later.',
  },
  confirmation: {
    success: 'Verification email resent. Please check your inbox (including spam folder).',
    failure: 'Failed to resend verification email',
    rateLimited: 'Too many requests. Please wait before trying again',
    alreadyVerified: 'Your email is already verified. Please try signing in again.',
  },
} as const;

export type ResendFlow = keyof typeof RESEND_MESSAGES;

/** How long the button rests after a successful send, so people do not flood their inbox. */
export const RESEND_COOLDOWN_MS = 30_000;

export function useResendVerification(flow: ResendFlow) {
  const messages = RESEND_MESSAGES[flow];
  const [coolingDown, setCoolingDown] = useState(false);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = setTimeout(() => setCoolingDown(false), RESEND_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [coolingDown]);

  const mutation = useMutation({
    mutationFn: (email: string) => sendVerificationEmail(email),
    retry: false,
    onSuccess: () => {
      setCoolingDown(true);
      toast.success(messages.success);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429) toast.error(messages.rateLimited);
      else if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED') toast.info(messages.alreadyVerified);
      else toast.error(messages.failure);
    },
  });

  return {
    resend: (email: string) => mutation.mutate(email),
    isSending: mutation.isPending,
    isCoolingDown: coolingDown,
  };
}
