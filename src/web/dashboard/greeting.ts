/** "Good morning" before noon, "Good afternoon" until 6 pm, then "Good evening" (local time). */
export function greetingForHour(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** "Good morning, Jane" — or without the name when we do not know it. */
export function greeting(hour: number, firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `${greetingForHour(hour)}, ${name}` : greetingForHour(hour);
}
