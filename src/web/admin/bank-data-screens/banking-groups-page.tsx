import { BankingDataScreen } from './banking-data-screen.tsx';

/** /admin/banking-groups: the banking data admin screen on its own (002 §2). */
export function BankingGroupsPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Banking data</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        The banking groups, banks, ISA platforms and pension providers behind every protection answer. Find a row, check
        it, and correct it by hand when the source is wrong.
      </p>
      <div className="mt-6">
        <BankingDataScreen />
      </div>
    </div>
  );
}
