import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type DevSecrets = { appSecret: string; responsesKey: string };

/**
 * Outside production a fresh checkout must run without any set-up, so the secrets are generated
 * once and kept in a file beside the embedded database (never inside it: a database dump alone
 * must not be enough to read survey answers).
 */
export function loadDevSecrets(dataDir = ".data"): DevSecrets {
  const file = path.join(dataDir, "dev-secrets.json");
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<DevSecrets>;
    if (parsed.appSecret && parsed.responsesKey) return parsed as DevSecrets;
  }
  const secrets: DevSecrets = {
    appSecret: randomBytes(32).toString("base64url"),
    responsesKey: randomBytes(32).toString("base64"),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
