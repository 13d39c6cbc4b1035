import type { FakeAnswer, FakeRequest } from './fakeHttpApi';

/** A spreadsheet (`sheet-1`) held in memory behind the documented Sheets v4 endpoints. */
export function fakeSheets(initial: Record<string, string[][]>) {
  const sheets: Record<string, string[][]> = { ...initial };
  const rowsOf = (range: string) => {
    const [, name, from] = /^(\w+)!A(\d+)/.exec(range)!;
    return { name: name!, from: Number(from) };
  };
  return {
    sheets,
    handler: ({ method, path, query, body }: FakeRequest): FakeAnswer => {
      const base = '/v4/spreadsheets/sheet-1';
      if (method === 'GET' && path === base) {
        return { body: { sheets: Object.keys(sheets).map((title) => ({ properties: { title } })) } };
      }
      if (method === 'POST' && path === `${base}:batchUpdate`) {
        for (const request of (body as { requests: { addSheet: { properties: { title: string } } }[] })
          .requests) {
          sheets[request.addSheet.properties.title] = [];
        }
        return { body: { spreadsheetId: 'sheet-1', replies: [] } };
      }
      if (method === 'GET' && path === `${base}/values:batchGet`) {
        return {
          body: {
            spreadsheetId: 'sheet-1',
            valueRanges: query.getAll('ranges').map((range) => ({
              range,
              majorDimension: 'ROWS',
              values: (sheets[rowsOf(range).name] ?? []).slice(rowsOf(range).from - 1),
            })),
          },
        };
      }
      if (method === 'POST' && path === `${base}/values:batchUpdate`) {
        const request = body as { valueInputOption: string; data: { range: string; values: string[][] }[] };
        if (request.valueInputOption !== 'RAW')
          return { status: 400, body: { error: { message: 'expected RAW' } } };
        for (const { range, values } of request.data) {
          const { name, from } = rowsOf(range);
          const sheet = sheets[name]!;
          values.forEach((row, index) => (sheet[from - 1 + index] = row));
        }
        return { body: { spreadsheetId: 'sheet-1', totalUpdatedRows: 1 } };
      }
      if (method === 'POST' && path === `${base}/values:batchClear`) {
        for (const range of (body as { ranges: string[] }).ranges) {
          const { name, from } = rowsOf(range);
          sheets[name]!.length = from - 1;
        }
        return { body: { spreadsheetId: 'sheet-1', clearedRanges: [] } };
      }
      return { status: 404, body: { error: { message: `no ${method} ${path}` } } };
    },
  };
}
