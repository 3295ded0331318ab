import { isRegistered, paths } from '../../app/paths.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { DataValidationTab } from './data-validation-tab.tsx';
import { DeveloperPanel } from './developer-panel.tsx';
import { SystemDiagnosticsTab } from './system-diagnostics-tab.tsx';
import { TestSpriteApiTab } from './testsprite-api-tab.tsx';

/**
 * /admin/debug-console (002 §2): System Diagnostics (with Comprehensive System Diagnostics), Data
 * Validation (the Integration Validation Suite, Auto-Fix, cleanup), the Developer Panel and the
 * TestSprite API (the debug API's tests, run by an admin).
 */
export function DebugConsolePage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Debug Console"
        description="Measure the running system, validate and repair its data, and look inside it safely."
        showBackToSettings
        back={isRegistered('adminSystemHealth') ? { to: paths.adminSystemHealth(), label: 'System health' } : undefined}
      />
      <Tabs defaultValue="system" className="grid gap-6">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          <TabsTrigger value="system">System Diagnostics</TabsTrigger>
          <TabsTrigger value="validation">Data Validation</TabsTrigger>
          <TabsTrigger value="developer">Developer Panel</TabsTrigger>
          <TabsTrigger value="testsprite">TestSprite API</TabsTrigger>
        </TabsList>
        <TabsContent value="system">
          <SystemDiagnosticsTab />
        </TabsContent>
        <TabsContent value="validation">
          <DataValidationTab />
        </TabsContent>
        <TabsContent value="developer">
          <DeveloperPanel />
        </TabsContent>
        <TabsContent value="testsprite">
          <TestSpriteApiTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
