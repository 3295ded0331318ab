import { ClipboardList, Sheet } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { BANK_DATA_TEXT } from './api.ts';
import { ReviewQueue } from './review-queue.tsx';
import { SheetsSyncPanel } from './sheets-sync-panel.tsx';

/**
 * /admin/bank-data: the Banking Data Monitor and Importer v2.0 (002 §2, issue 27). The banking
 * reference data every protection answer rests on, synced from the Google Sheet or an uploaded
 * file (with the Danger Zone's Clear All Data and Fresh Sync), and the review queue for what a
 * sync would not apply by itself.
 */
export function BankDataPage() {
  const [tab, setTab] = useState('sheets');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader title={BANK_DATA_TEXT.title} description={BANK_DATA_TEXT.description} showBackToSettings />
      {/* Both panels stay mounted: a run in flight, its result and the queue's choices outlive a look at the other tab. */}
      <Tabs value={tab} onValueChange={setTab} className="mt-8">
        <TabsList aria-label="Banking data" className="grid grid-cols-2 sm:inline-flex">
          <TabsTrigger value="sheets" className="min-h-11 whitespace-normal">
            <Sheet className="size-4 shrink-0" aria-hidden />
            Google Sheets Sync
          </TabsTrigger>
          <TabsTrigger value="review" className="min-h-11 whitespace-normal">
            <ClipboardList className="size-4 shrink-0" aria-hidden />
            Admin Review Queue
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sheets" forceMount hidden={tab !== 'sheets'}>
          <SheetsSyncPanel />
        </TabsContent>
        <TabsContent value="review" forceMount hidden={tab !== 'review'}>
          <ReviewQueue />
        </TabsContent>
      </Tabs>
    </div>
  );
}
