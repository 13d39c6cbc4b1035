import type { Role } from '@auditdesk/shared/core';
import type { JsonSchema } from './jsonSchema';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  'x-roles'?: Role[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One operation of the API as the fuzzer drives it. */
export interface Operation {
  name: string;
  method: string;
  path: string;
  /** Who may call it; null for a public operation. */
  roles: Role[] | null;
  pathParams: Record<string, JsonSchema>;
  query: JsonSchema | null;
  body: JsonSchema | null;
  /** Status → the JSON schema of a successful answer's body. */
  responses: Record<string, JsonSchema>;
}

const asObject = (parameters: Parameter[]): JsonSchema | null =>
  parameters.length === 0
    ? null
    : {
        type: 'object',
        properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      };

/** Every operation the document describes. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const responses: Record<string, JsonSchema> = {};
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema && /^2\d\d$/.test(status)) responses[status] = schema;
      }
      return {
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        roles: operation['x-roles'] ?? null,
        pathParams: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'path')
            .map((parameter) => [parameter.name, parameter.schema]),
        ),
        query: asObject(parameters.filter((parameter) => parameter.in === 'query')),
        body: operation.requestBody?.content['application/json']?.schema ?? null,
        responses,
      };
    }),
  );
}
