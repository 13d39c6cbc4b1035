import type { D1Call } from '../../testkit/servers/d1/d1ContractServer';
import { bearer, createTestApp, type TestApp } from '../../testkit/testApp';

const touches = (table: string, verb: 'insert into' | 'update') => (call: D1Call) =>
  call.sql[0]?.startsWith(`${verb} "${table}"`) ?? false;

// Issue 18, item 13: D1 ran a write, its answer was lost (a 5xx), and the client sent it again.
// The resend must find the write already there and answer as the first attempt would have.
describe('a D1 write whose answer was lost is safe to send again', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp({}, { engine: 'd1' });
    token = (await t.login()).access_token;
  });
  afterEach(() => t.close());

  const request = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });

  it('a new lead: created once, 201', async () => {
    t.d1!.fail({ when: touches('leads', 'insert into'), status: 500, times: 1, lostAnswer: true });
    const created = await request('POST', '/api/leads', { customerName: 'Once Only' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ customerName: 'Once Only' });
    const list = (await t.app.inject({ url: '/api/leads', headers: bearer(token) })).json();
    expect(list.filter((lead: { customerName: string }) => lead.customerName === 'Once Only')).toHaveLength(
      1,
    );
  });

  it('an edit with If-Match: applied once, 200 with the next version, not a 412', async () => {
    const { id } = (await request('POST', '/api/leads', { customerName: 'Edited' })).json();
    t.d1!.fail({ when: touches('leads', 'update'), status: 500, times: 1, lostAnswer: true });
    const edited = await request('PATCH', `/api/leads/${id}`, { comments: 'once' }, { 'if-match': '"1"' });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).toBe('"2"');
    expect(edited.json()).toMatchObject({ comments: 'once', version: 2 });
  });

  it('a delete with If-Match: 204, not a 404', async () => {
    const { id } = (await request('POST', '/api/leads', { customerName: 'Deleted' })).json();
    t.d1!.fail({ when: touches('leads', 'update'), status: 500, times: 1, lostAnswer: true });
    expect((await request('DELETE', `/api/leads/${id}`, undefined, { 'if-match': '"1"' })).statusCode).toBe(
      204,
    );
  });

  it('a stale edit is still refused: another writer’s version is not taken for ours', async () => {
    const { id } = (await request('POST', '/api/leads', { customerName: 'Raced' })).json();
    expect(
      (await request('PATCH', `/api/leads/${id}`, { comments: 'first' }, { 'if-match': '"1"' })).statusCode,
    ).toBe(200);
    expect(
      (await request('PATCH', `/api/leads/${id}`, { comments: 'second' }, { 'if-match': '"1"' })).statusCode,
    ).toBe(412);
  });
});
