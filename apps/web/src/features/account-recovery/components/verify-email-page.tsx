import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { copy } from '@shop/shared/copy';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { verifyEmailRequest } from '../api/account-recovery';
import { RecoveryCard } from './recovery-card';

type Outcome = 'checking' | 'verified' | 'invalid';

/**
 * /verify-email?token=…: the page the verification mail's link opens. It verifies without
 * sign-in; a signed-in user's dashboard banner goes away at once (docs/behaviour.md §4.10).
 */
export function VerifyEmailPage() {
  usePageTitle('E-mail Verification');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { status, refreshUser } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'checking' : 'invalid');
  // Once per page, even when React runs the effect twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmailRequest(token).then(
      () => setOutcome('verified'),
      () => setOutcome('invalid'),
    );
  }, [token]);

  useEffect(() => {
    if (outcome === 'verified' && status === 'signed-in') void refreshUser().catch(() => undefined);
  }, [outcome, status, refreshUser]);

  return (
    <RecoveryCard title={copy.recovery.verifyTitle}>
      {outcome === 'checking' && <Spinner label={copy.recovery.verifying} />}
      {outcome === 'verified' && (
        <p role="status" className="alert alert-success alert-soft">
          {copy.recovery.verified}
        </p>
      )}
      {outcome === 'invalid' && <FormAlert message={copy.recovery.verifyLinkInvalid} />}
      {outcome !== 'checking' && (
        <Link to={status === 'signed-in' ? paths.dashboard : paths.login} className="btn btn-primary">
          {status === 'signed-in' ? 'Go To Dashboard' : copy.recovery.backToLogin}
        </Link>
      )}
    </RecoveryCard>
  );
}
