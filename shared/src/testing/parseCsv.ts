/**
 * A strict RFC 4180 reader for tests: CRLF record ends, quoted fields with doubled quotes.
 * Throws on anything a conforming writer would not produce. `separator` reads the file as a
 * spreadsheet program set to another list separator would (`;` in many European locales).
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let index = 0;
  while (index < body.length) {
    let value = '';
    if (body[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= body.length) throw new Error('Unterminated quoted field.');
        if (body[index] === '"') {
          if (body[index + 1] === '"') {
            value += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        value += body[index];
        index += 1;
      }
    } else {
      while (index < body.length && body[index] !== separator && body[index] !== '\r') {
        if (body[index] === '"' || body[index] === '\n') throw new Error(`Bare ${body[index]} at ${index}.`);
        value += body[index];
        index += 1;
      }
    }
    record.push(value);
    if (body[index] === separator) {
      index += 1;
    } else if (body.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else if (index < body.length) {
      throw new Error(`Unexpected ${JSON.stringify(body[index])} at ${index}.`);
    }
  }
  if (record.length > 0) throw new Error('The last record does not end with CRLF.');
  return records;
}
