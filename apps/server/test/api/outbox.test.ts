// The outbox list through the API: an enterprise sees only its own messages, without their text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';
import { seedOutbox } from '../factories.js';

let t: TestApp;
let outbox: Awaited<ReturnType<typeof seedOutbox>>;

beforeAll(async () => {
  t = await createTestApp();
  outbox = await seedOutbox(t);
});
afterAll(() => t.close());

describe('outbox tenancy', () => {
  it('shows an enterprise only its own rows, without their text', async () => {
    const d = await outbox.list(outbox.mainA, { page: 1, size: 100 });
    expect(d.total).toBe(250);
    expect(d.list.every((i) => i.enterpriseId === outbox.enterpriseA && i.body === null)).toBe(true);
    const all = await outbox.list(outbox.admin, { page: 1, size: 100 });
    expect(all.list.some((i) => i.body?.startsWith('code '))).toBe(true);
    expect(outbox.enterpriseB).toBeGreaterThan(0);
  });

  it('refuses a sub-account with 4117', async () => {
    const res = await outbox.page(outbox.subA, { page: 1, size: 10 });
    expect(res).toMatchObject({ status: 403, body: { code: 4117 } });
  });

  it('filters by channel and state', async () => {
    const d = await outbox.list(outbox.admin, { page: 1, size: 10, channel: 'email' });
    expect(d.total).toBe(0);
    expect((await outbox.list(outbox.admin, { page: 1, size: 10, state: 'sent' })).total).toBe(280);
  });
});
