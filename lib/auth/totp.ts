import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { decrypt, deriveKey, encrypt } from "@/lib/crypto/aead";
import { appSecretRing, type Keyed } from "@/lib/crypto/keyring";
import { AppError } from "@/lib/errors/app-error";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { logWarn } from "@/lib/log";
import { unixSeconds } from "@/lib/time/unix.shared";

const ISSUER = "Onderzoekspanel";
const PERIOD_SECONDS = 30;
// One period either side absorbs a phone clock that is a little off and a code typed just as
// it rolled over.
const TOLERANCE_SECONDS = 30;
// Sealed secrets name the APP_SECRET they were sealed with: "v2.<key id>.<base64>". Older
// ones are bare base64 (which never contains a dot) and are tried under every configured key.
const SEALED_PREFIX = "v2";

function totpKey(secret: Keyed<string>): Buffer {
  return deriveKey(secret.key, "totp");
}

/** A new base32 secret (160 bits) for an authenticator app. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** Secrets are stored encrypted (AES-256-GCM) so a database dump alone cannot mint codes. */
export function sealTotpSecret(secret: string): string {
  const key = appSecretRing().current;
  return `${SEALED_PREFIX}.${key.id}.${encrypt(totpKey(key), secret).toString("base64")}`;
}

/**
 * The secret in plain text, or null when no configured APP_SECRET opens it: APP_SECRET was
 * replaced without keeping the old one in APP_SECRET_PREVIOUS (docs/operations.md, "Changing the secrets").
 */
export function readTotpSecret(sealed: string): string | null {
  const ring = appSecretRing();
  const parts = sealed.split(".");
  const candidates =
    parts.length === 3 && parts[0] === SEALED_PREFIX
      ? [ring.byId(parts[1])].filter((k) => k !== undefined)
      : ring.all;
  const payload = Buffer.from(parts.length === 3 ? parts[2] : sealed, "base64");
  for (const key of candidates) {
    try {
      return decrypt(totpKey(key), payload).toString("utf8");
    } catch {
      // Not this key: try the next one.
    }
  }
  return null;
}

/**
 * Like `readTotpSecret`, for an enabled second factor: an unreadable secret is the account's
 * state, not a server failure, so it is answered with its own code (an admin resets the
 * account's two-factor sign-in) and logged for whoever runs the site.
 */
export function openTotpSecret(sealed: string, userId?: number): string {
  const secret = readTotpSecret(sealed);
  if (secret === null) {
    logWarn(
      "auth",
      "two-factor secret unreadable: APP_SECRET changed without APP_SECRET_PREVIOUS",
      {
        userId,
      },
    );
    throw new AppError(ErrorCode.TWO_FACTOR_UNREADABLE);
  }
  return secret;
}

/** The otpauth:// URI as a QR code: a base64 PNG without a data: prefix, as the API answers it. */
export async function totpQrCode(email: string, secret: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret, period: PERIOD_SECONDS });
  const png = await QRCode.toBuffer(uri, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 2,
    width: 240,
  });
  return png.toString("base64");
}

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

/**
 * Checks a six-digit code. `lastStep` is the time step of the last code this account used:
 * that code and every older one are refused, so an observed code cannot be replayed.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now = new Date(),
): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  const epoch = unixSeconds(now);
  // A last step beyond the newest step a code could have now means the clock was ahead when it
  // was recorded (or is behind now). No code can be accepted until the clock passes it (the
  // replay guard), and otplib throws on such a step: answer "wrong code", not a server error.
  const newestStep = Math.floor((epoch + TOLERANCE_SECONDS) / PERIOD_SECONDS);
  if (epoch < TOLERANCE_SECONDS || (lastStep !== null && lastStep >= newestStep)) {
    return { valid: false };
  }
  const result = await verify({
    secret,
    token: code,
    period: PERIOD_SECONDS,
    epoch,
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null && lastStep >= 0 ? { afterTimeStep: lastStep } : {}),
  });
  return result.valid && "timeStep" in result
    ? { valid: true, timeStep: result.timeStep }
    : { valid: false };
}
