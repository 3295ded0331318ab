import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const PASSWORD_TOO_SHORT = 'Password is too short. Please use at least 8 characters.';

export const EmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Email address must be 254 characters or fewer')
  .pipe(z.email('Enter a valid email address, like name@example.com'));

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Enter your password'),
});
export type LoginInput = z.input<typeof LoginSchema>;
export type Login = z.output<typeof LoginSchema>;

export const SignupSchema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(100, 'First name must be 100 characters or fewer'),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100, 'Last name must be 100 characters or fewer'),
  email: EmailSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(MAX_PASSWORD_LENGTH, `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`),
  promoCode: z.string().trim().max(64, 'Promo code must be 64 characters or fewer'),
});
export type SignupInput = z.input<typeof SignupSchema>;
export type Signup = z.output<typeof SignupSchema>;

export const ResetRequestSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.input<typeof ResetRequestSchema>;
export type ResetRequest = z.output<typeof ResetRequestSchema>;

/** The spec's reset form rule (000 §5): at least 8 characters. */
export const NewPasswordSchema = z
  .object({
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, 'Password must be at least 8 characters')
      .max(MAX_PASSWORD_LENGTH, `Password must be ${MAX_PASSWORD_LENGTH} characters or fewer`),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type NewPasswordInput = z.input<typeof NewPasswordSchema>;
export type NewPassword = z.output<typeof NewPasswordSchema>;
