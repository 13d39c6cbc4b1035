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

  it('exports the database as Cloudflare documents it: polled in the envelope until complete, the dump at a signed URL', async () => {
    const { d1, api: client } = await api();
    await client.query(
      [
        { sql: 'CREATE TABLE t (v TEXT)', params: [] },
        { sql: "INSERT INTO t VALUES ('line one\nline two')", params: [] },
      ],
      'objects',
    );
    const first = await client.exportPoll();
    expect(first).toMatchObject({ success: true, type: 'export', status: 'active' });
    if (!first.success) throw new Error('not started');
    let poll: Awaited<ReturnType<typeof client.exportPoll>> = first;
    while (poll.success && poll.status === 'active') {
      poll = await client.exportPoll(first.at_bookmark);
      expect(poll).toMatchObject({ success: true, at_bookmark: first.at_bookmark });
    }
    if (!poll.success || poll.status !== 'complete') throw new Error(`not complete: ${JSON.stringify(poll)}`);
    expect(poll.result.filename).toMatch(/\.sql$/);
    // the signed URL is its own credential: no token
    const dump = await (await fetch(poll.result.signed_url)).text();
    expect(dump).toContain('CREATE TABLE t (v TEXT);');
    expect(dump).toContain("replace('line one\\nline two','\\n',char(10))");
    // a poll of an export it does not know answers success false inside the envelope
    expect(await client.exportPoll('00000099-00000000-00004c6d-00')).toEqual({
      success: false,
      error: expect.stringMatching(/No export/),
    });
    // an export no one polls is cancelled
    d1.exportSettings.abandonMs = 0;
    const abandoned = await client.exportPoll();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await client.exportPoll(abandoned.success ? abandoned.at_bookmark : '')).toMatchObject({
      success: true,
      status: 'error',
      error: expect.stringMatching(/cancelled/),
    });
  });
});
