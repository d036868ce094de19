import { useState, type FormEvent } from 'react';
import { COMPANY_ROLES, type CompanyRole, type Invitation } from '@shop/shared/contracts/companies';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField } from '@/components/ui/form-field';
import { QueryList } from '@/components/ui/query-list';
import { errorMessage } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { fieldIssues } from '@/lib/field-issues';
import { useInvitations, useInvite, useWithdrawInvitation } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { roleLabels } from '@/lib/domain/company';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * A company admin's invitations (docs/behaviour.md §4.19): invite by e-mail with a role (and a
 * buyer's limit); the live invitations, each to withdraw.
 */
export function InvitationsSection({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId);
  const withdraw = useWithdrawInvitation(companyId);
  const onWithdraw = (invitation: Invitation) =>
    withdraw.mutate(invitation.id, {
      onSuccess: () => toast.success(`Invitation to ${invitation.email} withdrawn`),
      onError: (error) => toastFailure(error),
    });
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
      <h3 id="invitations-heading" className="text-lg font-semibold">
        Invitations
      </h3>
      <InviteForm companyId={companyId} />
      <QueryList
        query={invitations}
        loadingLabel="Loading the invitations"
        empty={<p>No invitation waiting.</p>}
      >
        {(items) => (
          <ul aria-label="Invitations waiting" className="flex flex-col gap-2">
            {items.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-3">
                <span className="wrap-anywhere">
                  {invitation.email}, {roleLabels[invitation.role].toLowerCase()}, until{' '}
                  {dayOf(invitation.expiresAt)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                  onClick={() => onWithdraw(invitation)}
                >
                  Withdraw
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}

function InviteForm({ companyId }: { companyId: string }) {
  const invite = useInvite(companyId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('buyer');
  const [limit, setLimit] = useState('');
  const [problems, setProblems] = useState<{ email?: string; orderLimit?: string; form?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    invite.mutate(
      {
        email,
        role,
        ...(role === 'buyer' && limit.trim() !== '' && { orderLimit: Number(limit) }),
      },
      {
        onSuccess: (invitation) => {
          toast.success(`Invitation sent to ${invitation.email}`);
          setEmail('');
          setLimit('');
        },
        onError: (error) => {
          const atFields = fieldIssues(error, { email: 'email', orderLimit: 'orderLimit' } as const);
          setProblems(Object.keys(atFields).length > 0 ? atFields : { form: errorMessage(error) });
        },
      },
    );
  };
  return (
    <form
      aria-label="Invite someone"
      className="flex flex-col gap-3 sm:max-w-xl"
      noValidate
      onSubmit={submit}
    >
      {problems.form && (
        <p role="alert" className="text-error">
          {problems.form}
        </p>
      )}
      <FormField id="invite-email" label="E-mail address" error={problems.email}>
        {(field) => (
          <input
            {...field}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <FormField id="invite-role" label="Role" kind="select">
        {(field) => (
          <select {...field} value={role} onChange={(event) => setRole(event.target.value as CompanyRole)}>
            {COMPANY_ROLES.map((option) => (
              <option key={option} value={option}>
                {roleLabels[option]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {role === 'buyer' && (
        <FormField
          id="invite-limit"
          label="Limit per order ($, optional)"
          error={problems.orderLimit}
          hint="Orders above it wait for a company admin's approval."
        >
          {(field) => (
            <input
              {...field}
              type="number"
              min={1}
              step="0.01"
              inputMode="decimal"
              value={limit}
              onChange={(event) => setLimit(event.target.value)}
            />
          )}
        </FormField>
      )}
      <BusyButton isBusy={invite.isPending} className="btn btn-primary self-start">
        Send invitation
      </BusyButton>
    </form>
  );
}
