import { Plus, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { refusalReason } from '../../app/api.ts';
import { notify } from '../../app/notify.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { SectionLoadError, SectionSkeleton } from '../../ui/section-states.tsx';
import { AdminHeader } from '../admin-header.tsx';
import { AdminTable, AdminTableBody, AdminTableCell, AdminTableHead, AdminTableRow } from './admin-table.tsx';
import { type AdminPromoCode, useAdminPromoCodes, useSetPromoCodeActive } from './api.ts';
import { PromoCodeDialog } from './promo-code-dialog.tsx';
import { PROMO_TYPE_LABELS, lastDayText, promoBenefitText } from './subscription-text.ts';

/** /admin/promo-codes: every promo code with its use; create one, withdraw or reinstate one (issue 17). */
export function PromoCodesPage() {
  const codes = useAdminPromoCodes();
  const [creating, setCreating] = useState(false);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <AdminHeader
        title="Promo codes"
        description="Codes people type at sign-up, on the plans page or on the trial-ended screen. A withdrawn code is refused from then on; what it already gave stays."
        showBackToSettings
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            Create promo code
          </Button>
        }
      />

      <div className="mt-8">
        {codes.isPending ? (
          <SectionSkeleton rows={5} label="Loading promo codes" />
        ) : codes.isError ? (
          <SectionLoadError
            message={`Failed to load promo codes: ${codes.error.message}`}
            onRetry={() => void codes.refetch()}
            retrying={codes.isFetching}
          />
        ) : codes.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <TicketPercent className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="text-lg font-semibold">No promo codes yet</h2>
            <p className="max-w-md text-muted-foreground">
              Create a code for a longer free trial, a discount at checkout or a spell of Big Pig features.
            </p>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Create promo code
            </Button>
          </div>
        ) : (
          <PromoCodeTable codes={codes.data} />
        )}
      </div>

      <PromoCodeDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}

function PromoCodeTable({ codes }: { codes: AdminPromoCode[] }) {
  return (
    <AdminTable aria-label="Promo codes">
      <AdminTableHead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Kind</th>
          <th scope="col">Gives</th>
          <th scope="col">One-time</th>
          <th scope="col">Last day</th>
          <th scope="col" className="text-right">
            Times redeemed
          </th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </AdminTableHead>
      <AdminTableBody>
        {codes.map((code) => (
          <PromoCodeRow key={code.id} code={code} />
        ))}
      </AdminTableBody>
    </AdminTable>
  );
}

function PromoCodeRow({ code }: { code: AdminPromoCode }) {
  const setActive = useSetPromoCodeActive();
  const toggle = () =>
    setActive.mutate(
      { id: code.id, isActive: !code.isActive },
      {
        onSuccess: ({ promoCode }) =>
          notify.success(`Promo code ${promoCode.code} ${promoCode.isActive ? 'reinstated' : 'withdrawn'}`),
        onError: (error) =>
          notify.error(refusalReason(error) ?? `Failed to update promo code ${code.code}: ${error.message}`),
      },
    );
  return (
    <AdminTableRow>
      <AdminTableCell label="Code" className="font-mono font-semibold break-all">
        {code.code}
      </AdminTableCell>
      <AdminTableCell label="Kind">{PROMO_TYPE_LABELS[code.promoType]}</AdminTableCell>
      <AdminTableCell label="Gives">
        {promoBenefitText(code)}
        {code.isFreeTier ? <span className="text-muted-foreground"> (free tier)</span> : null}
      </AdminTableCell>
      <AdminTableCell label="One-time">{code.isOneTimeUse ? 'Yes' : 'No'}</AdminTableCell>
      <AdminTableCell label="Last day" className="tabular-nums">
        {lastDayText(code.expiresAt)}
      </AdminTableCell>
      <AdminTableCell label="Times redeemed" className="tabular-nums md:text-right">
        {code.timesRedeemed}
      </AdminTableCell>
      <AdminTableCell label="Status">
        {code.isActive ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Withdrawn</Badge>}
      </AdminTableCell>
      <AdminTableCell label="Action" className="md:text-right">
        <Button
          size="sm"
          variant={code.isActive ? 'outline' : 'secondary'}
          onClick={toggle}
          disabled={setActive.isPending}
          aria-label={`${code.isActive ? 'Withdraw' : 'Reinstate'} ${code.code}`}
        >
          {code.isActive ? 'Withdraw' : 'Reinstate'}
        </Button>
      </AdminTableCell>
    </AdminTableRow>
  );
}
