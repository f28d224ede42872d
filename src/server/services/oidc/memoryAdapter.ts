import type { Adapter, AdapterPayload } from 'oidc-provider';

/** Minimal in-memory storage for the provider's short-lived artifacts (sessions, codes, grants). */
export function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      if (store.size > 10_000) for (const k of store.keys()) if (!live(k)) store.delete(k);
      store.set(this.key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      if (payload.uid) store.set(`${this.model}:uid:${payload.uid}`, { payload: { id } as AdapterPayload, expiresAt: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`${this.model}:uid:${uid}`);
      return ref?.id ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of store) if (v.payload.grantId === grantId) store.delete(k);
    }
  };
}
