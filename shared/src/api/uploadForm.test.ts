import { json, mockFetch } from '../../../scripts/jest/fetchMock';
import { authStore } from '../session/authStore';
import { ApiError } from './apiError';
import { routes } from '../contract/operations/routes';
import { uploadForm } from './uploadForm';

const user = { id: '1', email: 'a@example.com', name: 'A', role: 'Admin' as const };

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** An XMLHttpRequest that answers from `answer` and reports the upload in two steps. */
function fakeXhr(answer: (sent: Sent) => { status: number; body: string }) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: Sent = { url: '', headers: {}, body: undefined };
    open(_method: string, url: string) {
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      const { status, body: text } = answer(this.request);
      this.status = status;
      this.responseText = text;
      queueMicrotask(() => this.onload?.());
    }
  }
  const original = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => (globalThis.XMLHttpRequest = original) };
}

describe('uploadForm', () => {
  let xhr: ReturnType<typeof fakeXhr> | undefined;
  afterEach(() => {
    xhr?.restore();
    authStore.getState().clearSession();
  });

  it('posts the form with the bearer token, reports the progress and answers the JSON', async () => {
    authStore.getState().setSession({ token: 't.o.k', refreshToken: 'refresh-1' }, user);
    xhr = fakeXhr(() => ({ status: 200, body: '{"ok":1}' }));
    const form = new FormData();
    const progress: number[] = [];
    const answer = await uploadForm(routes.leadsImportPreview, form, (sent, total) =>
      progress.push(sent / total),
    );
    expect(answer).toEqual({ ok: 1 });
    expect(progress).toEqual([0.5, 1]);
    expect(xhr.sent[0]).toMatchObject({
      url: '/api/leads/import/preview',
      headers: { authorization: 'Bearer t.o.k' },
      body: form,
    });
  });

  it('throws an ApiError with the server’s explanation', async () => {
    authStore.getState().setSession({ token: 't.o.k', refreshToken: 'refresh-1' }, user);
    xhr = fakeXhr(() => ({
      status: 413,
      body: JSON.stringify({
        status: 413,
        title: 'Payload Too Large',
        detail: 'The file is larger than 20 MB.',
      }),
    }));
    const failure = await uploadForm(routes.leadsImport, new FormData()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 413, message: 'The file is larger than 20 MB.' });
  });

  it('refreshes the session once on a 401 and sends the form again', async () => {
    authStore.getState().setSession({ token: 'old.to.ken', refreshToken: 'refresh-1' }, user);
    const fetchMock = mockFetch(() => json(200, { accessToken: 'new.to.ken', refreshToken: 'refresh-2' }));
    xhr = fakeXhr((request) =>
      request.headers.authorization === 'Bearer new.to.ken'
        ? { status: 200, body: '{"done":true}' }
        : { status: 401, body: '{"status":401,"title":"Unauthorized","detail":"expired"}' },
    );
    try {
      expect(await uploadForm(routes.leadsImport, new FormData())).toEqual({ done: true });
      expect(xhr.sent).toHaveLength(2);
      expect(fetchMock.calls.map((call) => call.url)).toEqual(['/api/auth/refresh']);
    } finally {
      fetchMock.restore();
    }
  });
});
