import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Which form field shows the problems of which request body field ('card.number' -> 'number'). */
export type IssueFields<Name extends string> = Readonly<Partial<Record<string, Name>>>;

/** A form whose fields are named as the request body's. */
export function sameNames<const Name extends string>(...names: Name[]): IssueFields<Name> {
  return Object.fromEntries(names.map((name) => [name, name])) as IssueFields<Name>;
}

/**
 * The API's refusal of a request, by form field: the first message for each field in
 * `fieldOf`. Problems of fields the form does not show are left to its form-wide message.
 */
export function fieldIssues<Name extends string>(
  error: unknown,
  fieldOf: IssueFields<Name>,
): Partial<Record<Name, string>> {
  const messages: Partial<Record<Name, string>> = {};
  if (!(error instanceof ApiError)) return messages;
  for (const { field, message } of error.issues) {
    const name = Object.hasOwn(fieldOf, field) ? fieldOf[field] : undefined;
    if (name !== undefined && messages[name] === undefined) messages[name] = message;
  }
  return messages;
}

/** Shows the API's field problems next to their fields of a react-hook-form form (§10.3). */
export function setFieldIssues<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldOf: IssueFields<FieldPath<Values>>,
): void {
  const messages = fieldIssues(error, fieldOf);
  for (const name of Object.keys(messages) as FieldPath<Values>[]) {
    setError(name, { type: 'server', message: messages[name] });
  }
}
