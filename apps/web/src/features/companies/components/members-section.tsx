import { useState } from 'react';
import { COMPANY_ROLES, type CompanyMember, type CompanyRole } from '@shop/shared/contracts/companies';
import { formatDollars } from '@shop/shared/money';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { useAuth } from '@/lib/auth/auth-context';
import { toastFailure } from '@/lib/failure-toast';
import { useMembers, useRemoveMember, useUpdateMember } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { roleLabels } from '@/lib/domain/company';

/**
 * The company's members (docs/behaviour.md §4.19): everyone reads them; a company admin sets
 * each one's role and a buyer's limit, and removes members. Anyone may leave.
 */
export function MembersSection({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const members = useMembers(companyId);
  const remove = useRemoveMember(companyId);
  const { user } = useAuth();
  const [toRemove, setToRemove] = useState<CompanyMember | null>(null);
  const isMe = (member: CompanyMember) => member.userId === user?.id;

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove.userId, {
      onSuccess: () => {
        toast.success(isMe(toRemove) ? 'You left the company' : `${toRemove.name} removed`);
        setToRemove(null);
      },
      onError: (error) => {
        toastFailure(error);
        setToRemove(null);
      },
    });
  };

  const columns: Column<CompanyMember>[] = [
    { header: 'Name', cell: (member) => member.name, card: 'title' },
    { header: 'E-mail', cell: (member) => member.email, className: 'break-all' },
    isAdmin
      ? {
          header: 'Role and limit',
          cell: (member) => <MemberControls companyId={companyId} member={member} />,
        }
      : {
          header: 'Role',
          cell: (member) =>
            member.role === 'buyer' && member.orderLimit !== null
              ? `${roleLabels[member.role]}, up to ${formatDollars(member.orderLimit)}`
              : roleLabels[member.role],
        },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (member) =>
        (isAdmin || isMe(member)) && (
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            aria-label={isMe(member) ? 'Leave the company' : `Remove ${member.name}`}
            onClick={() => setToRemove(member)}
          >
            {isMe(member) ? 'Leave' : 'Remove'}
          </button>
        ),
    },
  ];

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <h3 id="members-heading" className="text-lg font-semibold">
        Members
      </h3>
      <QueryList query={members} loadingLabel="Loading the members" empty={<p>No members.</p>}>
        {(items) => (
          <DataTable label="Members" columns={columns} rows={items} rowKey={(member) => member.userId} />
        )}
      </QueryList>
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove && isMe(toRemove) ? 'Leave the company?' : `Remove ${toRemove?.name ?? ''}?`}
        cancelLabel="Keep"
        confirmLabel={toRemove && isMe(toRemove) ? 'Leave' : 'Remove'}
        isBusy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={confirmRemove}
      >
        <p className="py-4">Their past orders stay the company's.</p>
      </ConfirmDialog>
    </section>
  );
}

/** A company admin's controls for one member: role, a buyer's limit, Save. */
function MemberControls({ companyId, member }: { companyId: string; member: CompanyMember }) {
  const update = useUpdateMember(companyId);
  const [role, setRole] = useState<CompanyRole>(member.role);
  const [limit, setLimit] = useState(member.orderLimit === null ? '' : String(member.orderLimit));
  const save = () =>
    update.mutate(
      { userId: member.userId, body: { role, orderLimit: limit.trim() === '' ? null : Number(limit) } },
      {
        onSuccess: () => toast.success(`${member.name} saved`),
        onError: (error) => toastFailure(error),
      },
    );
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col gap-1 text-sm">
        <span>Role</span>
        <select
          className="select select-sm border-base-content/50"
          aria-label={`Role of ${member.name}`}
          value={role}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
        >
          {COMPANY_ROLES.map((option) => (
            <option key={option} value={option}>
              {roleLabels[option]}
            </option>
          ))}
        </select>
      </label>
      {role === 'buyer' && (
        <label className="flex flex-col gap-1 text-sm">
          <span>Limit per order ($)</span>
          <input
            className="input input-sm border-base-content/50 w-28"
            type="number"
            min={1}
            step="0.01"
            inputMode="decimal"
            placeholder="No limit"
            aria-label={`Order limit of ${member.name} ($)`}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        </label>
      )}
      <BusyButton
        type="button"
        className="btn btn-sm btn-primary"
        spinnerSize="xs"
        isBusy={update.isPending}
        aria-label={`Save ${member.name}`}
        onClick={save}
      >
        Save
      </BusyButton>
    </div>
  );
}
