import { useState } from 'react';
import { Link } from 'react-router';
import { PHONE_PREFIX } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { Profile } from '@/lib/domain/profile';
import { useProfile } from '../api/get-profile';
import { SecuritySection } from './security-section';
import { UpdateProfileDialog } from './update-profile-dialog';

/** Shown after the prefix while no phone number is saved (docs/behaviour.md §4.15). */
const PHONE_PLACEHOLDER_DIGITS = '01XXXXXXXXX';

const socialLinks = [
  { key: 'facebookUrl', label: 'Facebook' },
  { key: 'instagramUrl', label: 'Instagram' },
  { key: 'linkedinUrl', label: 'Linkdin' },
  { key: 'githubUrl', label: 'Github' },
] as const;

/** /dashboard/my-profile */
export function MyProfilePage() {
  usePageTitle('My Profile');
  const { user } = useAuth();
  return (
    <section aria-labelledby="my-profile-heading" className="max-w-2xl">
      <h2 id="my-profile-heading" className="mb-4 text-xl font-semibold">
        My Profile
      </h2>
      {user && <ProfileDetails email={user.email} />}
      {user && <AddressBookLink />}
      {user && <SecuritySection />}
    </section>
  );
}

function ProfileDetails({ email }: { email: string }) {
  const profile = useProfile(email);
  const [isEditing, setIsEditing] = useState(false);

  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError) {
    return <QueryErrorState query={profile} />;
  }
  const data = profile.data;

  return (
    <div className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-6">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar profile={data} />
          <div className="min-w-0">
            <p className="text-lg font-bold">{data.name}</p>
            <p className="break-all">{data.email}</p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">Phone</dt>
          <dd>
            {PHONE_PREFIX}
            {data.phone ?? PHONE_PLACEHOLDER_DIGITS}
          </dd>
          <dt className="font-semibold">Address</dt>
          <dd>{data.address ?? copy.profileFallback.address}</dd>
          <dt className="font-semibold">Study</dt>
          <dd>{data.study ?? copy.profileFallback.study}</dd>
        </dl>
        <ul className="flex flex-col gap-1" aria-label="Social links">
          {socialLinks.map(({ key, label }) => {
            const href = data[key];
            return (
              <li key={key}>
                {href && isHttpUrl(href) ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" className="link link-primary">
                    {label}
                  </a>
                ) : (
                  <span>{label} not given</span>
                )}
              </li>
            );
          })}
        </ul>
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setIsEditing(true)}>
            Update profile
          </button>
        </div>
      </div>
      <UpdateProfileDialog
        open={isEditing}
        email={email}
        profile={data}
        onClose={() => setIsEditing(false)}
      />
    </div>
  );
}

/** The address book has a page of its own (docs/behaviour.md §4.15): the way there. */
function AddressBookLink() {
  return (
    <section aria-labelledby="address-book-link-heading" className="mt-8">
      <div className="card bg-base-100 border-base-300 border">
        <div className="card-body flex-row flex-wrap items-center justify-between gap-4">
          <div>
            <h3 id="address-book-link-heading" className="text-xl font-semibold">
              Address book
            </h3>
            <p>The addresses your orders ship to; checkout starts with your default.</p>
          </div>
          <Link to={paths.addressBook} className="btn btn-outline">
            Manage addresses
          </Link>
        </div>
      </div>
    </section>
  );
}

function Avatar({ profile }: { profile: Profile }) {
  if (profile.imageUrl) {
    return (
      <div className="avatar">
        <div className="w-20 rounded-full">
          <img src={profile.imageUrl} alt="" width={80} height={80} />
        </div>
      </div>
    );
  }
  const initials = profile.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return (
    <div className="avatar avatar-placeholder" aria-hidden="true">
      <div className="bg-neutral text-neutral-content w-20 rounded-full">
        <span className="text-2xl">{initials || '?'}</span>
      </div>
    </div>
  );
}

/** Links a user typed render only as http(s), whatever was stored (docs/architecture.md, security rule 7; docs/behaviour.md §12.7). */
function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
