// A node:test reporter that writes {passed, failed, skipped, failures} as JSON, counting tests (not
// suites); each failure is the test's name and the first lines of its error, for the run's summary.
export default async function* countReporter(source) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) counts.skipped++;
    else if (event.type === 'test:pass') counts.passed++;
    else {
      counts.failed++;
      const error = event.data.details?.error;
      const text = String(error?.cause?.message ?? error?.message ?? error ?? '');
      // An assertion's first line is generic ('Expected values to be strictly equal:'): keep a few.
      const message = text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, 4)
        .join(' / ')
        .slice(0, 300);
      counts.failures.push(`${event.data.name}: ${message}`);
    }
  }
  yield JSON.stringify(counts);
}
