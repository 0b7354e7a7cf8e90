import "server-only";
import { createSecretKey, type KeyObject } from "node:crypto";

// Each key Buffer as the KeyObject that ciphers and HMACs take, made once per Buffer. Given a
// Buffer, Node imports the key again on every use: on Node 24 a seal took 19 µs with a Buffer
// and 6 µs with a KeyObject, and an HMAC 24 µs against 5. Keyed by the Buffer itself (the
// keyring's keys and deriveKey's, which nobody writes into), and dropped with it.
const keyObjects = new WeakMap<Buffer, KeyObject>();

/** The KeyObject of a secret key held in a Buffer that is never written into. */
export function keyObjectOf(key: Buffer): KeyObject {
  let keyObject = keyObjects.get(key);
  if (!keyObject) {
    keyObject = createSecretKey(key);
    keyObjects.set(key, keyObject);
  }
  return keyObject;
}
