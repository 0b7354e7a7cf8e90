import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { getConfig } from "@/lib/config";
import { decrypt, deriveKey, encrypt } from "@/lib/crypto/aead";

const ISSUER = "Onderzoekspanel";
const PERIOD_SECONDS = 30;
// One period either side absorbs a phone clock that is a little off and a code typed just as
// it rolled over.
const TOLERANCE_SECONDS = 30;

function totpKey(): Buffer {
  return deriveKey(getConfig().appSecret, "totp");
}

/** A new base32 secret (160 bits) for an authenticator app. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** Secrets are stored encrypted (AES-256-GCM) so a database dump alone cannot mint codes. */
export function sealTotpSecret(secret: string): string {
  return encrypt(totpKey(), secret).toString("base64");
}

export function openTotpSecret(sealed: string): string {
  return decrypt(totpKey(), Buffer.from(sealed, "base64")).toString("utf8");
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
  const epoch = Math.floor(now.getTime() / 1000);
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
