import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import type { FieldIssue } from '@shop/shared/errors';
import { AppError } from './errors';

/**
 * Bounds on a request's shape, checked before its schema (docs/behaviour.md §9.3). No route takes
 * an object of more than a few dozen fields, nests deeper than four levels, or sends more than a
 * few thousand values (a 200-line cart is about 600), so these refuse only what no client means.
 */
const INPUT_SHAPE_LIMITS = { keysPerObject: 100, depth: 10, values: 5_000 } as const;
/** At most this many issues in one answer: enough to mark every field of the largest form. */
const MAX_ISSUES = 20;
/** Unknown keys named in a message; the rest are counted. */
const NAMED_UNKNOWN_KEYS = 3;
/** Characters of a key quoted back to the caller. */
const QUOTED_KEY_LENGTH = 40;

/**
 * The route's zod schema behind a shape check, answering small errors: a request with thousands
 * of unknown keys used to get one issue per key each listing every key (23 MB for 1,500 keys,
 * seconds of work and a 500 for 10,000). Now the work and the answer are bounded whatever comes.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const shapeProblem = inputShapeProblem(data);
    if (shapeProblem) return { error: new AppError('invalid-input', shapeProblem) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issues = fieldIssuesOf(result.error.issues);
    return { error: new AppError('invalid-input', issues[0]?.message ?? 'Invalid input', issues) };
  };

/** Why a parsed body or query string is refused before validation, or undefined. */
function inputShapeProblem(data: unknown): string | undefined {
  let values = 0;
  const visit = (value: unknown, depth: number): string | undefined => {
    if (typeof value !== 'object' || value === null) return undefined;
    if (depth > INPUT_SHAPE_LIMITS.depth) return 'The request is nested too deeply';
    const children = Array.isArray(value) ? value : Object.values(value);
    if (!Array.isArray(value) && children.length > INPUT_SHAPE_LIMITS.keysPerObject) {
      return 'The request has too many fields';
    }
    values += children.length;
    if (values > INPUT_SHAPE_LIMITS.values) return 'The request has too many values';
    for (const child of children) {
      const problem = visit(child, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  return visit(data, 1);
}

/**
 * One issue per refused field, named by its dotted path within the body, query or params
 * ('card.number'), so a form can show each problem in place; a field that breaks several rules
 * shows the first. Unknown keys make one issue per object, naming a few of them.
 */
function fieldIssuesOf(zodIssues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of zodIssues) {
    const parent = issue.path.map(String);
    const unknownKeys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const field = [...parent, ...unknownKeys.slice(0, 1)].map(quotable).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push({ field, message: unknownKeys.length > 0 ? unknownKeysMessage(unknownKeys) : issue.message });
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

function unknownKeysMessage(keys: readonly string[]): string {
  const named = keys
    .slice(0, NAMED_UNKNOWN_KEYS)
    .map((key) => `"${quotable(key)}"`)
    .join(', ');
  if (keys.length === 1) return `Unrecognized key: ${named}`;
  const rest = keys.length - NAMED_UNKNOWN_KEYS;
  return rest > 0
    ? `Unrecognized keys: ${named} and ${rest.toLocaleString('en-US')} more`
    : `Unrecognized keys: ${named}`;
}

const quotable = (key: string) =>
  key.length > QUOTED_KEY_LENGTH ? `${key.slice(0, QUOTED_KEY_LENGTH)}…` : key;
