import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signUpBody, type SignUpBody } from '@shop/shared/contracts/account';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { signupErrorMessage } from '../lib/auth-error-message';
import { AuthField } from './auth-field';

/** /signup: name, e-mail and password; on success the user goes home (spec section 2). */
export function SignupPage() {
  usePageTitle('Sign Up');
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signUpBody>, unknown, SignUpBody>({
    resolver: zodResolver(signUpBody),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (values: SignUpBody) => {
    setServerError(null);
    try {
      await signUp(values);
      navigate(paths.home, { replace: true });
    } catch (error) {
      setServerError(signupErrorMessage(error));
    }
  };

  return (
    <section className="flex justify-center px-4 py-12">
      <div className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <form className="card-body gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <h1 className="text-center text-2xl font-bold">Sign Up</h1>
          <AuthField
            id="signup-name"
            label="Name"
            type="text"
            autoComplete="name"
            error={errors.name?.message}
            registration={register('name')}
          />
          <AuthField
            id="signup-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            registration={register('email')}
          />
          <AuthField
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            registration={register('password')}
          />
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Sign Up
          </button>
          <SocialSignInButton
            returnTo={paths.home}
            onSuccess={() => navigate(paths.home, { replace: true })}
            onError={(error) => setServerError(signupErrorMessage(error))}
          />
          {serverError && (
            <p role="alert" className="alert alert-error alert-soft">
              {serverError}
            </p>
          )}
          <p className="text-center">
            Already have an account?{' '}
            <Link to={paths.login} className="link link-primary font-semibold">
              Please Login
            </Link>
          </p>
        </form>
      </div>
    </section>
  );
}
