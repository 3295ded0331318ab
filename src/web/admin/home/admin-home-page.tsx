import { ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { SystemStatusPanel } from '../system-health/system-status-panel.tsx';
import { AuditLogView } from '../audit/audit-log-view.tsx';
import { ContactInquiries } from '../contacts/contact-inquiries.tsx';
import { FooterManagement } from '../footer/footer-management.tsx';
import { adminTiles } from './admin-tiles.ts';

const SECTIONS = ['tools', 'contact-inquiries', 'audit-log', 'footer'] as const;
type Section = (typeof SECTIONS)[number];

/** The `settings` query parameter's section (002 §2: /admin?tab=settings&settings=contact-inquiries). */
function sectionOf(value: string | null): Section {
  return SECTIONS.find((section) => section === value && section !== 'tools') ?? 'tools';
}

function AdminTiles() {
  return (
    <ul aria-label="Admin screens" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {adminTiles().map(({ href, label, description, icon: Icon }) => (
        <li key={href}>
          <Link
            to={href}
            className="group flex h-full items-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs transition-colors hover:border-brand/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="grid min-w-0 flex-1 gap-1">
              <span className="flex items-center justify-between gap-2 font-semibold">
                {label}
                <ChevronRight
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </span>
              <span className="text-sm text-muted-foreground">{description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin home, at /admin and /admin/settings (where every Back to Settings leads): tiles to
 * every admin screen, the contact inquiries (`?tab=settings&settings=contact-inquiries`), the
 * audit log (`?tab=settings&settings=audit-log`) and the footer (`?tab=settings&settings=footer`).
 */
export function AdminHomePage() {
  const [params, setParams] = useSearchParams();
  const section = sectionOf(params.get('settings'));
  const open = (next: string) =>
    setParams(next === 'tools' ? {} : { tab: 'settings', settings: next }, { preventScrollReset: true });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        description="Run SavvyPig: users, support and contact inquiries, plans and codes, and the banking data behind every protection answer."
        showBackToDashboard
        showLogout
      />
      <Tabs value={section} onValueChange={open} className="mt-8">
        <TabsList aria-label="Admin sections" className="grid h-auto grid-cols-2 sm:inline-flex">
          <TabsTrigger value="tools" className="min-h-11 whitespace-normal">
            Admin screens
          </TabsTrigger>
          <TabsTrigger value="contact-inquiries" className="min-h-11 whitespace-normal">
            Contact inquiries
          </TabsTrigger>
          <TabsTrigger value="audit-log" className="min-h-11 whitespace-normal">
            Audit log
          </TabsTrigger>
          <TabsTrigger value="footer" className="min-h-11 whitespace-normal">
            Footer
          </TabsTrigger>
        </TabsList>
        <TabsContent value="tools" className="mt-6 grid gap-8">
          <SystemStatusPanel />
          <AdminTiles />
        </TabsContent>
        <TabsContent value="contact-inquiries" className="mt-6">
          <ContactInquiries />
        </TabsContent>
        <TabsContent value="audit-log" className="mt-6">
          <section aria-labelledby="audit-log-heading" className="grid gap-5">
            <div>
              <h2 id="audit-log-heading" className="text-xl font-semibold">
                Audit log
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                What admins changed, newest first: who, what, to which record and when, with each field before and
                after.
              </p>
            </div>
            <AuditLogView label="Audit log entries" />
          </section>
        </TabsContent>
        <TabsContent value="footer" className="mt-6">
          <FooterManagement />
        </TabsContent>
      </Tabs>
    </div>
  );
}
