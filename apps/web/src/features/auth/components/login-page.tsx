import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { signInBody, type SignInBody } from '@shop/shared/contracts/account';
import { SocialSignInButton } from '@/components/social-sign-in-button';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { loginErrorMessage, returnPath } from '../lib/auth-error-message';
import { AuthField } from './auth-field';

/** /login: e-mail and password; afterwards back to where the user came from (spec section 2). */
export function LoginPage() {
  usePageTitle('Login');
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof signInBody>, unknown, SignInBody>({
    resolver: zodResolver(signInBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: SignInBody) => {
    setServerError(null);
    try {
      await signIn(values);
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      setServerError(loginErrorMessage(error));
    }
  };

  return (
    <section className="flex justify-center px-4 py-12">
      <div className="card bg-base-100 border-base-300 w-full max-w-md border shadow-md">
        <form className="card-body gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <h1 className="text-center text-2xl font-bold">Login</h1>
          <AuthField
            id="login-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            registration={register('email')}
          />
          <AuthField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            registration={register('password')}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            {/* The spec keeps these two without behaviour. */}
            <label className="flex cursor-pointer items-center gap-2">
              <input type="checkbox" className="checkbox checkbox-sm checkbox-primary" defaultChecked />
              Remember me
            </label>
            <span className="text-sm">Forget Password</span>
          </div>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Login
          </button>
          <SocialSignInButton
            returnTo={returnPath(location.state)}
            onSuccess={() => navigate(returnPath(location.state), { replace: true })}
            onError={(error) => setServerError(loginErrorMessage(error))}
          />
          {serverError && (
            <p role="alert" className="alert alert-error alert-soft">
              {serverError}
            </p>
          )}
          <p className="text-center">
            New to Brushworks?{' '}
            <Link to={paths.signup} className="link link-primary font-semibold">
              Create New Account
            </Link>
          </p>
        </form>
      </div>
    </section>
  );
}
