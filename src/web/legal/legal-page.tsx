import { Cookie, FileText, Shield } from 'lucide-react';
import { LEGAL_TABS, type LegalTab } from '../app/paths.ts';
import { useQueryParam } from '../app/use-query-param.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { CookiePolicy } from './content/cookies.tsx';
import { PrivacyNotice } from './content/privacy.tsx';
import { TermsOfUse } from './content/terms.tsx';

function isLegalTab(value: string | null): value is LegalTab {
  return value !== null && (LEGAL_TABS as readonly string[]).includes(value);
}

/** /legal?tab=privacy|terms|cookies (privacy when missing or unknown). */
export function LegalPage() {
  const [requested, setTabParam] = useQueryParam('tab');
  const tab: LegalTab = isLegalTab(requested) ? requested : 'privacy';

  const selectTab = (value: string) => {
    if (isLegalTab(value)) setTabParam(value);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Legal</h1>
      <p className="mt-2 text-muted-foreground">
        How we look after your data, the terms of using SavvyPig, and our use of cookies.
      </p>

      <Tabs value={tab} onValueChange={selectTab} className="mt-8">
        <TabsList aria-label="Legal documents">
          <TabsTrigger value="privacy">
            <Shield className="size-4" aria-hidden />
            Privacy
          </TabsTrigger>
          <TabsTrigger value="terms">
            <FileText className="size-4" aria-hidden />
            Terms
          </TabsTrigger>
          <TabsTrigger value="cookies">
            <Cookie className="size-4" aria-hidden />
            Cookies
          </TabsTrigger>
        </TabsList>
        <TabsContent value="privacy" className="mt-4">
          <PrivacyNotice />
        </TabsContent>
        <TabsContent value="terms" className="mt-4">
          <TermsOfUse />
        </TabsContent>
        <TabsContent value="cookies" className="mt-4">
          <CookiePolicy />
        </TabsContent>
      </Tabs>
    </div>
  );
}
