import "server-only";
import { createHmac } from "node:crypto";
import { getConfig } from "@/config";

/**
 * The keys of this site with their ids. Every ciphertext and every value derived from a secret
 * is stored (or, in a link, sent) with the id of the key it was made with, so after a rotation
 * the current key makes everything new while the previous ones, still configured, read what
 * was made before (docs/operations.md, "Changing the secrets").
 *
 * A key's id is a fingerprint of the key itself (an HMAC of a fixed text under it, 8 hex
 * digits): it needs no configuration of its own, stays the same however the list is ordered,
 * and says nothing about the key.
 */
export type Keyed<K> = { id: string; key: K };

export type KeyRing<K> = {
  current: Keyed<K>;
  /** Current first, then the previous ones. */
  all: Keyed<K>[];
  byId: (id: string) => Keyed<K> | undefined;
};

export function keyId(key: string | Buffer): string {
  return createHmac("sha256", key).update("research-panel key id").digest("hex").slice(0, 8);
}

function ring<K extends string | Buffer>(current: K, previous: K[]): KeyRing<K> {
  const all = [current, ...previous].map((key) => ({ id: keyId(key), key }));
  return { current: all[0], all, byId: (id) => all.find((k) => k.id === id) };
}

const cache = new WeakMap<object, { app: KeyRing<string>; responses: KeyRing<Buffer> }>();

function rings() {
  const config = getConfig();
  let found = cache.get(config);
  if (!found) {
    found = {
      app: ring(config.appSecret, config.appSecretsPrevious),
      responses: ring(config.responsesKey, config.responsesKeysPrevious),
    };
    cache.set(config, found);
  }
  return found;
}

/** APP_SECRET and APP_SECRET_PREVIOUS: two-factor secrets, stop links. */
export function appSecretRing(): KeyRing<string> {
  return rings().app;
}

/** RESPONSES_KEY and RESPONSES_KEY_PREVIOUS: survey answers and everything about a response. */
export function responsesKeyRing(): KeyRing<Buffer> {
  return rings().responses;
}
