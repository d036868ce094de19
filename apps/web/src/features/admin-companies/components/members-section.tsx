import { useState } from 'react';
import {
  COMPANY_ROLES,
  updateMemberBody,
  type Company,
  type CompanyMember,
  type CompanyRole,
} from '@shop/shared/contracts/companies';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { toastFailure } from '@/lib/failure-toast';
import { fieldIssues } from '@/lib/field-issues';
import { useMembers, useRemoveMember, useUpdateMember } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { formatOrderLimit, roleLabels } from '@/lib/domain/company';
import { formatDay } from './company-format';

/** A member's row as the admin edits it: the role chosen and the limit as typed. */
interface Draft {
  role: CompanyRole;
  orderLimit: string;
}

const draftOf = (member: CompanyMember): Draft => ({
  role: member.role,
  orderLimit: member.orderLimit === null ? '' : String(member.orderLimit),
});

/** The API's rule for a limit (whole cents, at least $1), so a wrong one is said before sending. */
const orderLimitRule = updateMemberBody.shape.orderLimit.unwrap();

/** An empty box is no limit; anything else is the number the box holds, for the rule to check. */
const orderLimitOf = (text: string): unknown => (text.trim() === '' ? null : Number(text));

/**
 * An approved company's members (docs/behaviour.md §4.19): the shop's admin sets each one's role
 * and per-order limit, or removes them. A company keeps at least one admin: the API's 409 says so.
 */
export function MembersSection({ company }: { company: Company }) {
  const members = useMembers(company.id);
  const update = useUpdateMember(company.id);
  const remove = useRemoveMember(company.id);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [limitErrors, setLimitErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<CompanyMember | null>(null);

  const current = (member: CompanyMember) => drafts[member.userId] ?? draftOf(member);
  const edit = (member: CompanyMember, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [member.userId]: { ...current(member), ...change } }));
  const setLimitError = (member: CompanyMember, message: string | undefined) =>
    setLimitErrors(({ [member.userId]: _old, ...others }) =>
      message === undefined ? others : { ...others, [member.userId]: message },
    );

  // mutateAsync, not mutate: each row's Save gets its own answer even when another row's still runs.
  const onSave = async (member: CompanyMember) => {
    const draft = current(member);
    const limit = orderLimitRule.safeParse(orderLimitOf(draft.orderLimit));
    if (!limit.success) {
      setLimitError(member, limit.error.issues[0]?.message ?? 'Enter an amount in dollars');
      return;
    }
    setLimitError(member, undefined);
    try {
      await update.mutateAsync({ userId: member.userId, body: { role: draft.role, orderLimit: limit.data } });
      toast.success(`${member.name}’s role and limit saved`);
      setDrafts(({ [member.userId]: _saved, ...others }) => others);
    } catch (error) {
      const issue = fieldIssues(error, { orderLimit: 'orderLimit' }).orderLimit;
      if (issue) setLimitError(member, issue);
      else toastFailure(error);
    }
  };

  const onRemove = async (member: CompanyMember) => {
    try {
      await remove.mutateAsync(member.userId);
      toast.success(`${member.name} removed from ${company.name}`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setRemoving(null);
    }
  };

  const isSaving = (member: CompanyMember) => update.isPending && update.variables?.userId === member.userId;

  const columns: Column<CompanyMember>[] = [
    { header: 'Name', card: 'title', cell: (member) => <span className="break-words">{member.name}</span> },
    { header: 'E-mail', cell: (member) => <BreakableEmail email={member.email} /> },
    {
      header: 'Role',
      cell: (member) => (
        <>
          <label htmlFor={`member-role-${member.userId}`} className="sr-only">
            Role of {member.name}
          </label>
          <select
            id={`member-role-${member.userId}`}
            className="select select-sm border-base-content/50 w-40 max-w-full"
            value={current(member).role}
            onChange={(event) => edit(member, { role: event.target.value as CompanyRole })}
          >
            {COMPANY_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        </>
      ),
    },
    {
      header: 'Order limit',
      cell: (member) => {
        const error = limitErrors[member.userId];
        const id = `member-limit-${member.userId}`;
        return (
          <div className="flex flex-col gap-1">
            <span className="text-sm">Now: {formatOrderLimit(member.orderLimit)}</span>
            <label htmlFor={id} className="sr-only">
              Order limit of {member.name} ($)
            </label>
            <input
              id={id}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              placeholder="No limit"
              className={`input input-sm w-32 max-w-full ${error ? 'input-error' : 'border-base-content/50'}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              value={current(member).orderLimit}
              onChange={(event) => edit(member, { orderLimit: event.target.value })}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-error text-sm">
                {error}
              </p>
            )}
          </div>
        );
      },
    },
    {
      header: 'Joined',
      cell: (member) => (
        <time dateTime={member.joinedAt} className="whitespace-nowrap">
          {formatDay(member.joinedAt)}
        </time>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (member) => (
        <>
          <BusyButton
            type="button"
            className="btn btn-primary btn-sm"
            spinnerSize="xs"
            isBusy={isSaving(member)}
            aria-label={`Save ${member.name}`}
            onClick={() => void onSave(member)}
          >
            Save
          </BusyButton>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`Remove ${member.name}`}
            onClick={() => setRemoving(member)}
          >
            Remove
          </button>
        </>
      ),
    },
  ];

  return (
    <section aria-labelledby="members-heading" className="mt-8">
      <h3 id="members-heading" className="mb-2 text-lg font-semibold">
        Members
      </h3>
      <p className="mb-4 text-sm">
        An order limit holds for buyers only: an empty box is no limit. A company keeps at least one company
        admin.
      </p>
      <QueryList query={members} loadingLabel="Loading members" empty={<p>No members.</p>}>
        {(items) => (
          <DataTable
            label={`Members of ${company.name}`}
            columns={columns}
            rows={items}
            rowKey={(m) => m.userId}
          />
        )}
      </QueryList>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.name} from ${company.name}?` : ''}
        cancelLabel="Keep member"
        confirmLabel="Remove member"
        isBusy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void onRemove(removing)}
      >
        <p className="py-2">They no longer see the company&apos;s prices nor order for it.</p>
      </ConfirmDialog>
    </section>
  );
}
