import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Role } from '@auditdesk/shared/core';
import type { FuzzRequest } from './generateRequest';
import type { JsonSchema } from './jsonSchema';
import type { Operation } from './operations';

export type Caller = 'anonymous' | Role;

export interface FuzzResponse {
  status: number;
  contentType: string;
  body: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: JsonSchema) => {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

/** Text that tells an attacker about the inside: stack frames, file paths, error class names. */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\/src\/\w+|\.ts:\d+|\b(Type|Reference|Syntax|Range)Error\b|SQLITE_/;

/**
 * What must hold for every answer: never a 5xx; errors are problem details that say
 * nothing of the inside; the wrong caller never gets past 401/403; a success has the
 * body the document promises. Answers the broken rule, or null.
 */
export function brokenRule(
  operation: Operation,
  caller: Caller,
  response: FuzzResponse,
  request: Pick<FuzzRequest, 'kind'>,
): string | null {
  const { status, contentType, body } = response;
  if (status >= 500) return `answered ${status}: ${body.slice(0, 300)}`;
  // a path parameter like `..` leaves the operation's address altogether: no route, for anyone
  const leftTheRoute = request.kind === 'odd path parameter' && status === 404;
  if (operation.roles && !leftTheRoute) {
    if (caller === 'anonymous' && status !== 401) return `anonymous got ${status}, not 401`;
    if (caller !== 'anonymous' && !operation.roles.includes(caller) && status !== 403)
      return `${caller} got ${status}, not 403`;
  }
  if (status >= 400) {
    if (!contentType.includes('application/problem+json'))
      return `error ${status} as ${contentType}, not problem+json`;
    let problem: { type?: unknown; title?: unknown; status?: unknown; detail?: unknown };
    try {
      problem = JSON.parse(body);
    } catch {
      return `error ${status} with a body that is not JSON`;
    }
    if (problem.status !== status || typeof problem.title !== 'string' || typeof problem.detail !== 'string')
      return `error ${status} is not a complete problem: ${body.slice(0, 200)}`;
    if (LEAK.test(body)) return `error ${status} tells about the inside: ${body.slice(0, 300)}`;
    return null;
  }
  const schema = operation.responses[String(status)];
  if (schema && contentType.includes('application/json')) {
    const validate = validatorOf(schema);
    if (!validate(JSON.parse(body)))
      return `${status} body breaks its schema: ${ajv.errorsText(validate.errors)}`;
  }
  return null;
}
