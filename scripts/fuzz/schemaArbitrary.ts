import fc from 'fast-check';
import type { JsonSchema } from './jsonSchema';

/** Values for named fields, where random ones would be useless or would harm the fuzzer's own accounts. */
export type FieldValues = Record<string, fc.Arbitrary<unknown>>;

const MAX_STRING = 60;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING)),
  });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values the schema accepts (as far as JSON Schema says: refinements such as "a real date"
 * are the server's to judge). `fields` replaces the generator of named object properties.
 */
export function schemaArbitrary(schema: JsonSchema, fields: FieldValues = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => schemaArbitrary(choice, fields)));
  if (schema.allOf?.length) return schemaArbitrary(Object.assign({}, ...schema.allOf), fields);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((one) => schemaArbitrary({ ...schema, type: one }, fields)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((item) => schemaArbitrary(item, fields)));
      return fc.array(schemaArbitrary(schema.items ?? {}, fields), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = fields[name] ?? schemaArbitrary(property, fields);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
