import { createD1Api } from '../../src/platform/db/d1/d1Api';
import { D1_TEST_ACCOUNT } from '../../testkit/servers/d1/d1ContractServer';
import { sharedD1Server } from '../../testkit/servers/d1/sharedD1Server';
import { TEST_D1_RETRY } from '../../testkit/testApp';

// The local D1 server answers Time Travel as Cloudflare documents it (issue 36), over real
// snapshots of its Miniflare database.
describe('D1 Time Travel on the contract server', () => {
  const api = async () => {
    const d1 = await sharedD1Server();
    await d1.reset();
    const settings = { ...D1_TEST_ACCOUNT, apiRoot: d1.apiRoot, planName: 'Free' };
    return { d1, api: createD1Api(settings, { retry: TEST_D1_RETRY }) };
  };
  const rows = async (client: Awaited<ReturnType<typeof api>>['api']) =>
    (await client.query([{ sql: 'SELECT v FROM t ORDER BY v', params: [] }], 'objects'))[0]!.results.map(
      (row) => row.v,
    );

  it('answers sortable bookmarks of now and of a past moment, restores by either, and previous_bookmark undoes it', async () => {
    const { api: client } = await api();
    await client.query(
      [
        { sql: 'CREATE TABLE t (v TEXT)', params: [] },
        { sql: "INSERT INTO t VALUES ('a')", params: [] },
      ],
      'objects',
    );
    const first = await client.bookmark();
    await new Promise((resolve) => setTimeout(resolve, 15));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 15));
    await client.query([{ sql: "INSERT INTO t VALUES ('b')", params: [] }], 'objects');
    const second = await client.bookmark();
    expect([second, first].sort()).toEqual([first, second]);
    // nothing was written between the first bookmark and that moment: the same state
    expect(await client.bookmark(between)).toBe(first);

    const restored = await client.restore({ bookmark: first });
    expect(restored).toMatchObject({ message: expect.any(String), previous_bookmark: second });
    expect(await rows(client)).toEqual(['a']);
    await client.restore({ bookmark: restored.previous_bookmark });
    expect(await rows(client)).toEqual(['a', 'b']);
    await client.restore({ timestamp: between });
    expect(await rows(client)).toEqual(['a']);
  });

  it('refuses an unknown bookmark and a moment it cannot know, in the envelope', async () => {
    const { api: client } = await api();
    await expect(client.restore({ bookmark: '00000099-00000000-00004c6d-00' })).rejects.toThrow(
      /Invalid bookmark/,
    );
    await expect(client.bookmark(new Date(Date.now() + 60_000))).rejects.toThrow(/future/);
  });
});
