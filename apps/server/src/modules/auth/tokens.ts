import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const TOKEN_ISSUER = 'solarops';
export const TOKEN_AUDIENCE = 'solarops-console';
/** The only algorithm accepted: a token signed otherwise (or `none`) is refused before its claims are read. */
const ALGORITHMS = ['HS256'];

export interface AccessClaims {
  userId: number;
  /** Session (refresh family) id. */
  sid: string;
}

/** A signed access token; `typ: access` keeps any other token from passing as one. */
export async function signAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  /** Issue time [s since 1970] and token id; by default now and random. */
  at: { issuedAt?: number; jti?: string } = {},
): Promise<string> {
  const issuedAt = at.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access', sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .setJti(at.jti ?? randomBytes(9).toString('base64url'))
    .sign(key);
}

/** The claims of a valid access token (algorithm, signature, expiry, issuer, audience, type), else undefined. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ALGORITHMS,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.sid !== 'string' || !Number.isSafeInteger(userId))
      return undefined;
    return { userId, sid: payload.sid };
  } catch {
    return undefined;
  }
}

/** An opaque refresh token; only its hash is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
