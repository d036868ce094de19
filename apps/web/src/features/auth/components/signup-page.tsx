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
import { AuthCard } from './auth-card';
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
    <AuthCard
      title="Sign Up"
      onSubmit={handleSubmit(onSubmit)}
      isSubmitting={isSubmitting}
      submitLabel="Sign Up"
      serverError={serverError}
      social={
        <SocialSignInButton
          returnTo={paths.home}
          onSuccess={() => navigate(paths.home, { replace: true })}
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
    </AuthCard>
  );
}
