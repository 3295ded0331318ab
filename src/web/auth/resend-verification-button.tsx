import { Mail } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../ui/button.tsx';
import { type ResendFlow, useResendVerification } from './use-resend-verification.ts';

type Props = Omit<ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  flow: ResendFlow;
  email: string;
  /** Where the new link should lead once it has verified the address (a same-origin path). */
  next?: string;
  withIcon?: boolean;
};

/** "Resend verification email", resting for a minute after a send. */
export function ResendVerificationButton({ flow, email, next, withIcon, disabled, ...buttonProps }: Props) {
  const { resend, isSending, isCoolingDown } = useResendVerification(flow);
  return (
    <Button {...buttonProps} disabled={disabled || isSending || isCoolingDown} onClick={() => resend(email, next)}>
      {withIcon ? <Mail aria-hidden /> : null}
      {resendButtonLabel(isSending, isCoolingDown)}
    </Button>
  );
}

export function resendButtonLabel(isSending: boolean, isCoolingDown: boolean): string {
  return isSending ? 'Sending...' : isCoolingDown ? 'Email sent' : 'Resend verification email';
}
