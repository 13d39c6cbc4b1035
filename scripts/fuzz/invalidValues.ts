import fc from 'fast-check';

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Values no sensible field accepts: wrong types, huge and odd numbers, monster strings, control and lone surrogate characters. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'x'.repeat(1024 * 1024),
    'a\u0000b',
    '\ud800',
    'tail\udfff',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '=HYPERLINK("http://x")',
    [],
    {},
    { $gt: '' },
    { __proto__: { polluted: true } },
  ),
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.constant(JSON.parse(deep(200))),
);

/**
 * Path parameters that must never reach another record. (An empty segment would address
 * another route, the list, on purpose; `..` leaves the route altogether, which is allowed.)
 */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0x10',
    '+1',
    '01',
    '%201',
    '1.0',
    '1e0',
    '-1',
    '0',
    'abc',
    '99999999999999999999',
    '%00',
    '..',
    '%2e%2e',
    'null',
    'NaN',
    '1;2',
  ),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .map(encodeURIComponent)
    // a plain id is not odd: it could name the fuzzer's own accounts
    .filter((segment) => !/^[1-9][0-9]*$/.test(segment)),
);

/** Raw bodies that are not what the route reads. */
export const hostileRawBody: fc.Arbitrary<{ body: string; contentType: string }> = fc.oneof(
  fc.constantFrom(
    { body: '{"email":', contentType: 'application/json' },
    { body: 'not json', contentType: 'application/json' },
    { body: '', contentType: 'application/json' },
    { body: '[]', contentType: 'application/json' },
    { body: 'null', contentType: 'application/json' },
    { body: '"text"', contentType: 'application/json' },
    { body: deep(20_000), contentType: 'application/json' },
    { body: 'email=a@b.c', contentType: 'application/x-www-form-urlencoded' },
    { body: '<xml/>', contentType: 'text/xml' },
    { body: '{}', contentType: 'text/plain' },
    { body: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, contentType: 'application/json' },
  ),
  fc.string({ maxLength: 40 }).map((body) => ({ body, contentType: 'application/json' })),
);
