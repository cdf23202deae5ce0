import { z } from 'zod';

/** `POST /authentication/form` (multipart). Any text is accepted: a wrong one is just a failed sign-in. */
export const loginForm = z.object({
  username: z.string().trim().min(1).max(128),
  password: z.string().min(1).max(1024),
});
export type LoginForm = z.infer<typeof loginForm>;

export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  /** Lifetime of the access token [s]. */
  expires_in: z.number().int(),
});

/** The sign-in answer (ARCHITECTURE §3). */
export const loginResult = z.object({
  username: z.string(),
  id: z.number().int(),
  roleId: z.number().int(),
  firstLogin: z.boolean(),
  /** The password just typed fails the strength rule of spec §5: the console offers to change it. */
  weakPassword: z.boolean(),
  /** Route names the console may show (stored as `menuList1`). */
  menuList: z.array(z.string()),
  token: tokenPair,
});
export type LoginResult = z.infer<typeof loginResult>;

/** `POST /oauth/token` (form). */
export const refreshForm = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512),
});

export const refreshResult = z.object({
  tokenType: z.literal('bearer'),
  value: z.string(),
  /** Lifetime of the access token [s]. */
  expiresIn: z.number().int(),
  refreshToken: z.object({ value: z.string() }),
});
export type RefreshResult = z.infer<typeof refreshResult>;
