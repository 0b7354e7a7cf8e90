import "server-only";
import type { MailMessage, MailTransport, SendOptions } from "../types";

export type StoredMail = MailMessage & { from: string; idempotencyKey?: string; at: Date };

const outboxKey = Symbol.for("research-panel.memory-outbox");
type Holder = { [outboxKey]?: StoredMail[] };

/** The memory transport's outbox: what would have been sent, in order. */
export function memoryOutbox(): StoredMail[] {
  const g = globalThis as Holder;
  g[outboxKey] ??= [];
  return g[outboxKey];
}

export function clearMemoryOutbox(): void {
  memoryOutbox().length = 0;
  liftedSuppressions().length = 0;
}

const liftedKey = Symbol.for("research-panel.memory-lifted-suppressions");
type LiftedHolder = { [liftedKey]?: string[] };

/** Addresses the memory transport was asked to take off the suppression list, in order. */
export function liftedSuppressions(): string[] {
  const g = globalThis as LiftedHolder;
  g[liftedKey] ??= [];
  return g[liftedKey];
}

export function createMemoryTransport(from: string): MailTransport {
  let n = 0;
  const store = (m: MailMessage, o?: SendOptions) => {
    memoryOutbox().push({
      ...m,
      from: m.from ?? from,
      idempotencyKey: o?.idempotencyKey,
      at: new Date(),
    });
    n += 1;
    return { id: `memory-${n}` };
  };
  return {
    kind: "memory",
    async send(message, options) {
      return store(message, options);
    },
    async sendBatch(messages, options) {
      return { results: messages.map((m) => store(m, options)) };
    },
    async liftSuppression(address) {
      liftedSuppressions().push(address);
    },
  };
}
