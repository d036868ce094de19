import { useLocation } from 'react-router';
import { ChangePasswordForm } from './change-password-form';
import { DevicesList } from './devices-list';
import { TwoFactorPanel } from './two-factor-panel';

/** My Profile's Security part (docs/behaviour.md §4.12): password, two-factor sign-in, devices. */
export function SecuritySection() {
  const location = useLocation();
  // Sent here by the admin guard: ADMIN_REQUIRE_2FA and no two-factor sign-in yet (§4.14).
  const isTwoFactorRequired =
    (location.state as { twoFactorRequired?: unknown } | null)?.twoFactorRequired === true;
  return (
    <section id="security" aria-labelledby="security-heading" className="mt-8">
      <div className="card bg-base-100 border-base-300 border">
        <div className="card-body gap-8">
          <h3 id="security-heading" className="text-xl font-semibold">
            Security
          </h3>
          <TwoFactorPanel isRequired={isTwoFactorRequired} />
          <ChangePasswordForm />
          <DevicesList />
        </div>
      </div>
    </section>
  );
}
