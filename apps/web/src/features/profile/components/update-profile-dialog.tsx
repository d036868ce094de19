import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { updateProfileBody, type UpdateProfileBody } from '@shop/shared/contracts/users';
import { FormField } from '@/components/ui/form-field';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import type { Profile } from '@/lib/domain/profile';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { useUpdateProfile } from '../api/update-profile';

const fields: { name: keyof UpdateProfileBody; label: string; type: 'text' | 'tel' | 'url' }[] = [
  { name: 'phone', label: 'Phone', type: 'tel' },
  { name: 'address', label: 'Address', type: 'text' },
  { name: 'study', label: 'Study', type: 'text' },
  { name: 'fb', label: 'Facebook link', type: 'url' },
  { name: 'insta', label: 'Instagram link', type: 'url' },
  { name: 'linkdin', label: 'Linkdin link', type: 'url' },
  { name: 'github', label: 'Github link', type: 'url' },
];

/** The form's fields are the request's, in its wire names: the saved profile maps back to them. */
const formValuesOf = (profile: Profile): UpdateProfileBody => ({
  phone: profile.phone ?? '',
  address: profile.address ?? '',
  study: profile.study ?? '',
  fb: profile.facebookUrl ?? '',
  insta: profile.instagramUrl ?? '',
  linkdin: profile.linkedinUrl ?? '',
  github: profile.githubUrl ?? '',
});

const issueFields = sameNames(...fields.map(({ name }) => name));

interface UpdateProfileDialogProps {
  open: boolean;
  email: string;
  profile: Profile;
  onClose: () => void;
}

/** The Update profile modal. The form mounts on each opening, filled with the saved profile. */
export function UpdateProfileDialog({ open, email, profile, onClose }: UpdateProfileDialogProps) {
  return (
    <FormDialog open={open} labelledBy="update-profile-title" onClose={onClose}>
      <div className="modal-box">
        <h3 id="update-profile-title" className="mb-4 text-lg font-bold">
          Update profile
        </h3>
        <UpdateProfileForm email={email} profile={profile} onClose={onClose} />
      </div>
    </FormDialog>
  );
}

function UpdateProfileForm({ email, profile, onClose }: Omit<UpdateProfileDialogProps, 'open'>) {
  const update = useUpdateProfile(email);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(updateProfileBody), defaultValues: formValuesOf(profile) });

  const onValid = (values: UpdateProfileBody) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        toast.success(copy.profileUpdated);
        reset(formValuesOf(saved));
        onClose();
      },
      onError: (error) => {
        toastFailure(error);
        setFieldIssues(error, setError, issueFields);
      },
    });

  const onInvalid = (invalid: FieldErrors<UpdateProfileBody>) => {
    if (Object.values(invalid).some((error) => error?.message === copy.profileFillForm)) {
      toast.error(copy.profileFillForm);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-3">
      {fields.map(({ name, label, type }, index) => {
        const error = errors[name]?.message;
        return (
          <FormField
            key={name}
            id={`profile-${name}`}
            label={label}
            // The toast already says the whole form must be filled; each empty field says so briefly.
            error={error === copy.profileFillForm ? 'Required' : error}
          >
            {(field) => (
              <input
                {...field}
                type={type}
                autoFocus={index === 0}
                placeholder={type === 'tel' ? PHONE_EXAMPLE : undefined}
                {...register(name)}
              />
            )}
          </FormField>
        );
      })}
      <FormDialogActions onClose={onClose} isBusy={update.isPending} submitLabel="Save profile" />
    </form>
  );
}
