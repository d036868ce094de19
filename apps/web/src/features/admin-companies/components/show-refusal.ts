import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toastFailure } from '@/lib/failure-toast';
import { fieldIssues, setFieldIssues, type IssueFields } from '@/lib/field-issues';

/**
 * A refused change, where the admin looks: the API's field problems at the fields the form shows
 * (docs/behaviour.md §10.3); anything else (a 409, a 404, a 429) as a toast with the API's message.
 */
export function showRefusal<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldOf: IssueFields<FieldPath<Values>>,
): void {
  if (Object.keys(fieldIssues(error, fieldOf)).length === 0) toastFailure(error);
  else setFieldIssues(error, setError, fieldOf);
}
