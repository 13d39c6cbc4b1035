import { leadReplace } from '@auditdesk/shared/core';
import type { z } from 'zod';
import type { FieldValues, ImportedField } from './planImport';

/** Distinct values of a field whose check is kept: enough for a column of repeated values (auditor, status, fuel). */
const KEPT_PER_FIELD = 1_000;

type FieldCheck = { ok: true; value: string | null } | { ok: false; messages: string[] };

const SHAPES = leadReplace.shape as Record<ImportedField, z.ZodType<string | null>>;
/** The contract's order of the fields, which the problems and the values keep. */
const ORDER = Object.keys(SHAPES) as ImportedField[];

/**
 * The contract's check of an imported row's values (PUT /leads/{id}'s fields, those the row
 * has), field by field: the contract has no rule across fields, so this is the same check
 * with the same messages. Each field's answer is kept for its value, so a column of a few
 * values repeated over 50,000 rows is checked once per value (the row's check was 38 % of the
 * planning thread's time; per field and kept, about half of that).
 */
export function createFieldChecks() {
  const kept = new Map<ImportedField, Map<string | null, FieldCheck>>();
  const check = (field: ImportedField, value: string | null): FieldCheck => {
    let answers = kept.get(field);
    if (!answers) kept.set(field, (answers = new Map()));
    const known = answers.get(value);
    if (known) return known;
    const checked = SHAPES[field].safeParse(value);
    const answer: FieldCheck = checked.success
      ? { ok: true, value: checked.data }
      : { ok: false, messages: checked.error.issues.map((issue) => issue.message) };
    if (answers.size < KEPT_PER_FIELD) answers.set(value, answer);
    return answer;
  };
  /** The values as the contract takes them, or each field's problems, in the contract's order. */
  return (
    values: FieldValues,
  ): { data: FieldValues; problems: { field: ImportedField; message: string }[] } => {
    const data: FieldValues = {};
    const problems: { field: ImportedField; message: string }[] = [];
    for (const field of ORDER) {
      const value = values[field];
      if (value === undefined) continue;
      const answer = check(field, value);
      if (answer.ok) data[field] = answer.value;
      else problems.push(...answer.messages.map((message) => ({ field, message })));
    }
    return { data, problems };
  };
}
