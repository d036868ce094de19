import { Link, useNavigate, useParams } from 'react-router';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { useAcceptInvitation, useInvitationPreview } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { roleLabels } from '@/lib/domain/company';

/**
 * /invitation/:token, the page an invitation's link opens (docs/behaviour.md §4.19): which
 * company, as what, for which address; then Accept, signed in with that address. A visitor is
 * sent to sign in or sign up and brought back here.
 */
export function InvitationPage() {
  usePageTitle('Invitation');
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const { status, user } = useAuth();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const here = { from: { pathname: paths.invitation(token) } };

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: ({ membership }) => {
        toast.success(`Welcome to ${membership?.company.name ?? 'your company'}`);
        navigate(paths.company);
      },
    });

  return (
    <section aria-labelledby="invitation-heading" className="mx-auto flex max-w-xl flex-col gap-4 p-4 sm:p-8">
      <h1 id="invitation-heading" className="text-primary text-2xl font-bold">
        Invitation
      </h1>
      {preview.isPending && <Spinner label="Reading the invitation" />}
      {preview.isError && <FormAlert message={errorMessage(preview.error)} />}
      {preview.data && (
        <>
          <p className="wrap-anywhere">
            You are invited to join <strong>{preview.data.companyName}</strong>'s trade account as{' '}
            {roleLabels[preview.data.role].toLowerCase()}, with the address{' '}
            <strong>{preview.data.email}</strong>. The link works once, until{' '}
            {new Date(preview.data.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}.
          </p>
          {status === 'signed-out' && (
            <div className="flex flex-wrap gap-2">
              <Link to={paths.login} state={here} className="btn btn-primary">
                Sign in to accept
              </Link>
              <Link to={paths.signup} state={here} className="btn btn-outline">
                Sign up with {preview.data.email}
              </Link>
            </div>
          )}
          {status === 'signed-in' && user && user.email.toLowerCase() !== preview.data.email && (
            <FormAlert
              tone="warning"
              message={`You are signed in as ${user.email}. Sign in as ${preview.data.email} to accept.`}
            />
          )}
          {status === 'signed-in' && (
            <div className="flex flex-col gap-2">
              <FormAlert message={accept.isError ? errorMessage(accept.error) : null} />
              <BusyButton
                type="button"
                className="btn btn-primary self-start"
                isBusy={accept.isPending}
                onClick={onAccept}
              >
                Accept the invitation
              </BusyButton>
            </div>
          )}
        </>
      )}
    </section>
  );
}
