import { BankingDataScreen } from './banking-data-screen.tsx';
import { AdminHeader } from '../admin-header.tsx';

/** /admin/banking-groups: the banking data admin screen on its own (002 §2). */
export function BankingGroupsPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Banking data"
        description="The banking groups, banks, ISA platforms and pension providers behind every protection answer. Find a row, check it, and correct it by hand when the source is wrong."
        showBackToSettings
      />
      <div className="mt-6">
        <BankingDataScreen />
      </div>
    </div>
  );
}
