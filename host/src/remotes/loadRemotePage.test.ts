import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadPageAgain } from './loadPageAgain';
import { loadRemotePage } from './loadRemotePage';
import { loaded, registered } from './registeredRemotes';
import { REMOTE_PAGES } from './remotePages';
import { remoteUrls } from './remoteUrls';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('./remoteUrls');
jest.mock('./loadReports');
jest.mock('./loadPageAgain');
const leads = REMOTE_PAGES.find((page) => page.remote === 'remote_leads')!;
const V2 = '/releases/leads/0.1.0-2/mf-manifest.json';
const V3 = '/releases/leads/0.1.0-3/mf-manifest.json';

describe('loadRemotePage', () => {
  beforeEach(() => {
    registered.clear();
    loaded.clear();
    jest.mocked(loadPageAgain).mockReturnValue(new Promise(() => {}));
  });
  afterEach(() => jest.resetAllMocks());

  it('retries the release this page tried in place, and takes another one by loading the page again', async () => {
    jest.mocked(remoteUrls).mockResolvedValue({ remote_leads: V3 });
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-008 remoteEntry.js'));
    await expect(loadRemotePage(leads)).rejects.toThrow('RUNTIME-008');
    // the same release again: registered again (force), in this page
    jest.mocked(loadRemote).mockResolvedValueOnce({ default: () => null });
    await loadRemotePage(leads, true);
    expect(jest.mocked(registerRemotes).mock.calls).toEqual([
      [[{ name: 'remote_leads', entry: V3 }], { force: false }],
      [[{ name: 'remote_leads', entry: V3 }], { force: true }],
    ]);
    expect(loadPageAgain).not.toHaveBeenCalled();
  });

  it('never loads a second release of a remote whose code already ran in the page (its chunks would be mixed)', async () => {
    jest.mocked(remoteUrls).mockResolvedValueOnce({ remote_leads: V3 });
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-008 remoteEntry.js'));
    await expect(loadRemotePage(leads)).rejects.toThrow();
    // the stage was aborted: this person's release is another one now
    jest.mocked(remoteUrls).mockResolvedValue({ remote_leads: V2 });
    void loadRemotePage(leads, true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadPageAgain).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('keeps a loaded remote on its release at a navigation, whatever the person gets now', async () => {
    jest.mocked(remoteUrls).mockResolvedValueOnce({ remote_leads: V2 });
    jest.mocked(loadRemote).mockResolvedValue({ default: () => null });
    await loadRemotePage(leads);
    jest.mocked(remoteUrls).mockResolvedValue({ remote_leads: V3 });
    await loadRemotePage(leads);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registered.get('remote_leads')).toBe(V2);
    expect(loadPageAgain).not.toHaveBeenCalled();
  });
});
