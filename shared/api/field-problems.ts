import type { z } from 'zod';

/** One problem with one field of a request body. `field` is a dotted path ("items.0.quantity"); "" is the body itself. */
export interface FieldProblem {
  field: string;
  message: string;
}

type RawIssue = z.core.$ZodRawIssue;

/**
 * Error option for a schema: says "is required" when the value is missing and "must be <what>" when it has the
 * wrong type. The field name is added later by `problemsFromIssues`, because a schema does not know its path.
 */
export function expecting(what: string): { error: (issue: RawIssue) => string | undefined } {
  return {
    error: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      if (issue.input === undefined) return 'is required';
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input)) return 'must be a finite number';
      return `must be ${what}`;
    },
  };
}

/**
 * Turns zod issues into at most one human problem per field (the first, i.e. the most basic rule broken),
 * and one problem per unknown property, worded the way the service words it.
 */
export function problemsFromIssues(issues: readonly z.core.$ZodIssue[], rootName: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string): void => {
    if (seen.has(field)) return;
    seen.add(field);
    problems.push({ field, message });
  };
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...path, key].join('.'), `property ${key} should not exist`);
      continue;
    }
    const field = path.join('.');
    add(field, `${field === '' ? rootName : field} ${issue.message}`);
  }
  return problems;
}
