/** The red star after a required field's label (the field itself carries aria-required). */
export function RequiredMark() {
  return (
    <span className="text-destructive" aria-hidden>
      {' *'}
    </span>
  );
}
