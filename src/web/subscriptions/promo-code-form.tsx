import { useId, useState } from 'react';
import { promoExpiryHint, PROMO_MESSAGES } from '../../core/subscriptions/promo.ts';
import { refusalReason } from '../app/api.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { type PromoDetails, useValidatePromo } from './api.ts';

/**
 * The promo code input with Apply (001 §5): 'Please enter a promo code' when blank; Apply is
 * disabled when blank, loading, or a code is already applied. A valid code's expiry hint turns
 * orange under 7 days.
 */
export function PromoCodeForm({
  applied,
  onApplied,
}: {
  applied: PromoDetails | null;
  onApplied: (promo: PromoDetails) => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const validate = useValidatePromo();
  const blank = code.trim() === '';

  const apply = async () => {
    if (blank) {
      setMessage({ text: PROMO_MESSAGES.blank, isError: true });
      return;
    }
    try {
      const answer = await validate.mutateAsync(code.trim());
      if (answer.valid && answer.promoDetails) {
        setMessage({ text: answer.message, isError: false });
        onApplied(answer.promoDetails);
      } else setMessage({ text: answer.message, isError: true });
    } catch (error) {
      setMessage({ text: refusalReason(error) ?? PROMO_MESSAGES.validating, isError: true });
    }
  };

  const hint = applied?.expires_at ? promoExpiryHint(new Date(applied.expires_at), new Date()) : null;
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <Label htmlFor={id}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={code}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          aria-describedby={message ? `${id}-message` : undefined}
          aria-invalid={message?.isError || undefined}
          onChange={(event) => setCode(event.target.value)}
          disabled={applied !== null}
        />
        <Button type="submit" variant="outline" disabled={blank || validate.isPending || applied !== null}>
          {validate.isPending ? 'Checking...' : 'Apply'}
        </Button>
      </div>
      {message ? (
        <p
          id={`${id}-message`}
          role={message.isError ? 'alert' : 'status'}
          className={cn('text-sm', message.isError ? 'text-destructive' : 'text-success')}
        >
          {message.text}
        </p>
      ) : null}
      {hint ? (
        <p
          className={cn(
            'text-sm',
            hint.isWarning ? 'font-medium text-orange-700 dark:text-orange-300' : 'text-muted-foreground',
          )}
        >
          {hint.text}
        </p>
      ) : null}
    </form>
  );
}
