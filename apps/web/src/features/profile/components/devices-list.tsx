import { toast } from '@/lib/toast';
import { securityCopy } from '@shop/shared/security-copy';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { toastFailure } from '@/lib/failure-toast';
import { useDevices, useSignOutDevices } from '../api/devices';

const signedInFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The devices signed in to this account, this one marked, each other one with 'Sign out', and
 * 'Sign out everywhere else' (docs/behaviour.md §4.12). A signed-out device's token is refused
 * on its next request.
 */
export function DevicesList() {
  const devices = useDevices();
  const signOut = useSignOutDevices();

  const run = (id: string | null) =>
    signOut.mutate(id, {
      onSuccess: () =>
        toast.success(id === null ? securityCopy.otherDevicesSignedOut : securityCopy.deviceSignedOut),
      onError: (error) => toastFailure(error),
    });

  return (
    <div className="flex flex-col gap-3">
      <h4 className="text-lg font-semibold">Signed-in devices</h4>
      {devices.isPending && <Spinner label="Loading your devices" />}
      {devices.isError && <QueryErrorState query={devices} />}
      {devices.data && (
        <>
          <ul className="flex flex-col gap-2" aria-label="Signed-in devices">
            {devices.data.map((device) => {
              const signedInAt = signedInFormat.format(new Date(device.signedInAt));
              return (
                <li
                  key={device.id}
                  className="border-base-300 flex flex-wrap items-center justify-between gap-2 rounded-box border p-3"
                >
                  <div>
                    <p className="font-medium">
                      {device.description}
                      {device.isCurrent && (
                        <span className="badge badge-primary badge-sm ml-2">This device</span>
                      )}
                    </p>
                    <p className="text-sm">Signed in {signedInAt}</p>
                  </div>
                  {!device.isCurrent && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Sign out ${device.description}, signed in ${signedInAt}`}
                      disabled={signOut.isPending}
                      onClick={() => run(device.id)}
                    >
                      Sign out
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          <div>
            <button
              type="button"
              className="btn btn-outline btn-error"
              disabled={signOut.isPending || devices.data.length < 2}
              onClick={() => run(null)}
            >
              Sign out everywhere else
            </button>
          </div>
        </>
      )}
    </div>
  );
}
