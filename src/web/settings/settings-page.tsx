import { Bell, CreditCard, type LucideIcon, SlidersHorizontal, ShieldCheck, UserRound } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQueryParam } from '../app/use-query-param.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs.tsx';
import { GeneralTab } from './general/general-tab.tsx';
import { NotificationsTab } from './notifications/notifications-tab.tsx';
import { ProfileTab } from './profile/profile-tab.tsx';
import { SecurityTab } from './security/security-tab.tsx';
import { SubscriptionTab } from './subscription/subscription-tab.tsx';
import {
  type AvailableSettingsTab,
  chooseSettingsTab,
  isAvailableSettingsTab,
  readRememberedTab,
  rememberTab,
} from './settings-tabs.ts';

const TABS: Record<AvailableSettingsTab, { label: string; icon: LucideIcon; content: () => ReactNode }> = {
  general: { label: 'General', icon: SlidersHorizontal, content: () => <GeneralTab /> },
  profile: { label: 'Profile', icon: UserRound, content: () => <ProfileTab /> },
  subscription: { label: 'Subscription', icon: CreditCard, content: () => <SubscriptionTab /> },
  notifications: { label: 'Notifications', icon: Bell, content: () => <NotificationsTab /> },
  security: { label: 'Security', icon: ShieldCheck, content: () => <SecurityTab /> },
};

/** /settings: tabs general, profile, subscription, notifications and security (000 §2). */
export function SettingsPage() {
  const [requested, setTabParam] = useQueryParam('tab');
  const location = useLocation();
  const tab = chooseSettingsTab({ query: requested, state: location.state, remembered: readRememberedTab() });

  // The open tab is always in the address (so it can be shared and reloaded) and remembered.
  useEffect(() => {
    rememberTab(tab);
    if (requested !== tab) setTabParam(tab);
  }, [tab, requested, setTabParam]);

  const selectTab = (value: string) => {
    if (isAvailableSettingsTab(value)) setTabParam(value);
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Settings</h1>
      <p className="mt-2 text-muted-foreground">Your profile, preferences and how you keep your account secure.</p>

      <Tabs value={tab} onValueChange={selectTab} className="mt-8">
        <TabsList aria-label="Settings sections" className="grid h-auto grid-cols-2 sm:inline-flex">
          {(Object.keys(TABS) as AvailableSettingsTab[]).map((id) => {
            const { label, icon: Icon } = TABS[id];
            return (
              <TabsTrigger key={id} value={id}>
                <Icon className="size-4" aria-hidden />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {(Object.keys(TABS) as AvailableSettingsTab[]).map((id) => (
          <TabsContent key={id} value={id} className="mt-2">
            {TABS[id].content()}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
