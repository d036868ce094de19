import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { useAuth } from '@/lib/auth/auth-context';
import { toastFailure } from '@/lib/failure-toast';
import { useResendVerification } from '../api/account-recovery';
import { BusyButton } from '@/components/ui/busy-button';

/**
 * Above every dashboard page while the signed-in account's address is unverified, with a way
 * to get the link again (docs/behaviour.md §4.10). A 429 says when to try again.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const resend = useResendVerification();
  if (!user || user.isEmailVerified) return null;

  const onSendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toastFailure(error),
    });

  return (
    <div role="status" className="alert alert-warning mb-6 flex flex-wrap justify-between gap-2 print:hidden">
      <span>{copy.recovery.unverifiedBanner}</span>
      <BusyButton
        type="button"
        className="btn btn-sm"
        spinnerSize="xs"
        isBusy={resend.isPending}
        onClick={onSendAgain}
      >
        {copy.recovery.sendAgain}
      </BusyButton>
    </div>
  );
}
