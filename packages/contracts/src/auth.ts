import { z } from "zod";
import { endpoint } from "./endpoint";

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
/** The answer of a step that only reports (a link mailed, a password reset): a sentence to show. */
export const authMessageSchema = z.object({ message: z.string() });

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

/**
 * Signing up, in and out, and the mailed links (server: apps/server/src/auth/routes.ts). The web's
 * first download reads no schema: lib/resources/auth.ts loads this module when it calls.
 */
export const authApi = {
  /** 201; a verification link is mailed when the server sends mail. */
  signup: endpoint({
    method: "POST",
    path: "/api/auth/signup",
    body: signupSchema,
    answer: authResponseSchema,
  }),
  /** Sets the session cookie. */
  login: endpoint({ method: "POST", path: "/api/auth/login", body: loginSchema, answer: authResponseSchema }),
  logout: endpoint({ method: "POST", path: "/api/auth/logout", body: null, answer: null }),
  me: endpoint({ method: "GET", path: "/api/auth/me", body: null, answer: meResponseSchema }),
  /** 202, the same answer whether or not the account exists. */
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/auth/forgot-password",
    body: forgotPasswordSchema,
    answer: authMessageSchema,
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/auth/reset-password",
    body: resetPasswordSchema,
    answer: authMessageSchema,
  }),
  emailVerification: endpoint({
    method: "GET",
    path: "/api/auth/email-verification",
    body: null,
    answer: emailVerificationSchema,
  }),
  /** 202: mails a fresh verification link (the older one stops working). */
  sendVerification: endpoint({
    method: "POST",
    path: "/api/auth/email-verification",
    body: null,
    answer: authMessageSchema,
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/auth/verify-email",
    body: verifyEmailSchema,
    answer: authMessageSchema,
  }),
};
