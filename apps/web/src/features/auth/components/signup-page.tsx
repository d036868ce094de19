import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signUpBody, type SignUpBody } from '@shop/shared/contracts/account';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { pageTitles } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth, type PendingTwoFactor } from '@/lib/auth/auth-context';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { returnPath, signupErrorMessage } from '../lib/auth-error-message';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

const issueFields = sameNames<keyof SignUpBody>('name', 'email', 'password');

/** /signup: name, e-mail and password; on success the user goes home (docs/behaviour.md §4.3). */
export function SignupPage() {
  usePageTitle(pageTitles.signup);
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  // A social sign-in into an existing account with two-factor sign-in on (§4.13).
  const [pendingTwoFactor, setPendingTwoFactor] = useState<PendingTwoFactor | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signUpBody>, unknown, SignUpBody>({
    resolver: zodResolver(signUpBody),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (values: SignUpBody) => {
    setServerError(null);
    try {
      await signUp(values);
      goHome();
    } catch (error) {
      setServerError(signupErrorMessage(error));
      setFieldIssues(error, setError, issueFields);
      toastIfRateLimited(error);
    }
  };

  // Home, as the spec has it, or back to the page that sent the visitor here (an invitation's, §4.19).
  const goHome = () => navigate(returnPath(location.state), { replace: true });

  if (pendingTwoFactor) {
    return (
      <TwoFactorStep
        pending={pendingTwoFactor}
        onSignedIn={goHome}
        onRestart={() => setPendingTwoFactor(null)}
      />
    );
  }

  return (
    <AuthCard
      title="Sign Up"
      onSubmit={handleSubmit(onSubmit)}
      isSubmitting={isSubmitting}
      submitLabel="Sign Up"
      serverError={serverError}
      social={
        <SocialSignInButton
          returnTo={returnPath(location.state)}
          onSuccess={goHome}
          onTwoFactor={setPendingTwoFactor}
          onError={(error) => setServerError(signupErrorMessage(error))}
        />
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="link link-primary font-semibold">
            Please Login
          </Link>
        </>
      }
    >
      <FormField id="signup-name" label="Name" error={errors.name?.message}>
        {(field) => <input {...field} type="text" autoComplete="name" {...register('name')} />}
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email?.message}>
        {(field) => <input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password?.message}>
        {(field) => (
          <input {...field} type="password" autoComplete="new-password" {...register('password')} />
        )}
      </FormField>
    </AuthCard>
  );
}
