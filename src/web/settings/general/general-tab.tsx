import { AppearanceSection } from './appearance-section.tsx';
import { CurrencySection } from './currency-section.tsx';
import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { TaxBandSection } from './tax-band-section.tsx';
import { BankConnectionsSection } from '../../open-banking/entry-points.tsx';

export function GeneralTab() {
  return (
    <div className="grid gap-6">
      <AppearanceSection />
      <CurrencySection />
      <TaxBandSection />
      <BankConnectionsSection />
      <DataExportSection />
      <DeleteAccountSection />
    </div>
  );
}
