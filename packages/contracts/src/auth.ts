import { z } from "zod";

/** Messages are the product spec's exact texts (section 5). */
export const authMessages = {
  invalidEmail: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  usernameTooShort: "Username must be at least 3 characters",
  passwordsDontMatch: "Passwords don't match",
} as const;

const email = z.string().trim().toLowerCase().max(254).email(authMessages.invalidEmail);
const newPassword = z.string().min(8, authMessages.passwordTooShort).max(256);

export const loginSchema = z.object({
  email,
  password: z.string().min(1, authMessages.passwordRequired).max(256),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const signupSchema = z.object({
  email,
  username: z
    .string()
    .trim()
    .min(3, authMessages.usernameTooShort)
    .max(32, "Username must be at most 32 characters")
    .regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, digits, '.', '_' and '-'"),
  password: newPassword,
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The sign-up form adds confirmPassword, which never leaves the browser. */
export const signupFormSchema = signupSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmPassword"],
  });
export type SignupFormInput = z.infer<typeof signupFormSchema>;

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({
  token: z.string().min(16).max(200),
  password: newPassword,
});
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ["confirmPassword"],
  });

/** POST /api/auth/verify-email: the token of the link mailed at sign-up. */
export const verifyEmailSchema = z.object({ token: z.string().min(16).max(200) });
/** GET /api/auth/email-verification: the address, whether it is verified, whether a link can be mailed. */
export const emailVerificationSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  canSend: z.boolean(),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

export const planSchema = z.enum(["free", "pro"]);
export const roleSchema = z.enum(["admin", "user"]);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: roleSchema,
  plan: planSchema,
  executiveAccess: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
/** GET /api/auth/me: the signed-in user, or null for a visitor (signed out is not an error). */
export const meResponseSchema = z.object({ user: userSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
