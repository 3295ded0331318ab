import { asAtDateProblem, EARLIEST_LIMIT_DATE } from '../../core/protection/limits.ts';
import { DatePicker } from '../ui/date-picker.tsx';
import { FormField } from '../ui/form-field.tsx';

/**
 * The day protection is answered for, on the checker and in the Protection Hub: empty for today;
 * an earlier day (from 30 January 2017) applies the limits in force then. Says why a date cannot
 * be answered, in the words the server uses.
 */
export function AsAtField({
  value,
  onChange,
  today,
  description,
  disabled = false,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  today: string;
  description: string;
  disabled?: boolean;
  className?: string;
}) {
  const problem = value === '' ? null : asAtDateProblem(value, today);
  return (
    <FormField label="As at" className={className} description={description} error={problem ?? undefined}>
      <DatePicker
        label="as at date"
        name="asAt"
        value={value}
        onChange={onChange}
        fromYear={Number(EARLIEST_LIMIT_DATE.slice(0, 4))}
        toYear={Number(today.slice(0, 4))}
        latest={today}
        disabled={disabled}
      />
    </FormField>
  );
}
