import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signInBody, type SignInBody } from '@shop/shared/contracts/account';
import { copy } from '@shop/shared/copy';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { pageTitles } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { useAuth, type PendingTwoFactor } from '@/lib/auth/auth-context';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { loginErrorMessage, returnPath } from '../lib/auth-error-message';
import { AuthCard } from './auth-card';
import { TwoFactorStep } from './two-factor-step';

const issueFields = sameNames<keyof SignInBody>('email', 'password');

/** /login: e-mail and password (docs/behaviour.md §4.2); then back to where the user came from (§2.3). */
export function LoginPage() {
  usePageTitle(pageTitles.login);
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  // Set by the 'choose a new password' page on success (docs/behaviour.md §4.9).
  const passwordChanged = (location.state as { passwordChanged?: unknown } | null)?.passwordChanged === true;
  const [pendingTwoFactor, setPendingTwoFactor] = useState<PendingTwoFactor | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signInBody>, unknown, SignInBody>({
    resolver: zodResolver(signInBody),
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const goBack = () => navigate(returnPath(location.state), { replace: true });

  const onSubmit = async (values: SignInBody) => {
    setServerError(null);
    try {
      const outcome = await signIn(values);
      if ('challenge' in outcome) setPendingTwoFactor(outcome);
      else goBack();
    } catch (error) {
      setServerError(loginErrorMessage(error));
      setFieldIssues(error, setError, issueFields);
      toastIfRateLimited(error);
    }
  };

  if (pendingTwoFactor) {
    return (
      <TwoFactorStep
        pending={pendingTwoFactor}
        onSignedIn={goBack}
        onRestart={() => setPendingTwoFactor(null)}
      />
    );
  }

  return (
    <AuthCard
      title="Login"
      onSubmit={handleSubmit(onSubmit)}
      isSubmitting={isSubmitting}
      submitLabel="Login"
      serverError={serverError}
      social={
        <SocialSignInButton
          returnTo={returnPath(location.state)}
          onSuccess={goBack}
          onTwoFactor={setPendingTwoFactor}
          onError={(error) => setServerError(loginErrorMessage(error))}
        />
      }
      footer={
        <>
          New to Brushworks?{' '}
          <Link to={paths.signup} className="link link-primary font-semibold">
            Create New Account
          </Link>
        </>
      }
    >
      {passwordChanged && (
        <p role="status" className="alert alert-success alert-soft">
          {copy.recovery.passwordChanged}
        </p>
      )}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        {(field) => <input {...field} type="email" autoComplete="email" {...register('email')} />}
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        {(field) => (
          <input {...field} type="password" autoComplete="current-password" {...register('password')} />
        )}
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Unchecked: the session ends with the browser, and within 12 hours (§4.6). */}
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            {...register('rememberMe')}
          />
          Remember me
        </label>
        {/* Since issue 13 it opens the reset page (docs/behaviour.md §4.9). */}
        <Link to={paths.forgotPassword} className="link text-sm">
          Forget Password
        </Link>
      </div>
    </AuthCard>
  );
}
