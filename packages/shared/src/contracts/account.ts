import { z } from 'zod';
import { displayNameField, emailField, passwordField } from '../fields';
import { roles } from './users';

export const signUpBody = z.strictObject({
  name: displayNameField,
  email: emailField,
  password: passwordField,
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.strictObject({
  email: emailField,
  password: passwordField,
});
export type SignInBody = z.infer<typeof signInBody>;

export const sessionUserSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Sign-up and sign-in answer with the bearer token the web app keeps under `accessToken`. */
export const sessionResponse = z.object({ token: z.string(), user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const currentSessionResponse = z.object({ user: sessionUserSchema });
export const signOutResponse = z.object({ success: z.boolean() });
