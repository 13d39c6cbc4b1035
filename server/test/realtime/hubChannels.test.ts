import { hubChannels } from '../../src/features/realtime/hubChannels';

describe('hubChannels', () => {
  const channels = hubChannels('sync');

  it('reads back the audience of every channel name it builds', () => {
    expect(channels.audienceOf(channels.all)).toEqual({ kind: 'all' });
    expect(channels.audienceOf(channels.group('sync'))).toEqual({ kind: 'group', name: 'sync' });
    expect(channels.audienceOf(channels.connection('a:b-c'))).toEqual({ kind: 'connection', id: 'a:b-c' });
    expect(channels.audienceOf(channels.user(42))).toEqual({ kind: 'user', id: 42 });
  });

  it('names no audience for another hub, another kind or a malformed user', () => {
    expect(channels.audienceOf(hubChannels('other').all)).toBeNull();
    expect(channels.audienceOf('auditdesk:live-changed')).toBeNull();
    expect(channels.audienceOf('hub:sync:room:1')).toBeNull();
    expect(channels.audienceOf('hub:sync:user:x')).toBeNull();
  });
});
