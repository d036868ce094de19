import { reviewCopy } from '@shop/shared/review-copy';
import { FormField } from '@/components/ui/form-field';
import { useAuth } from '@/lib/auth/auth-context';
import { useOrderedTools } from '../api/own-reviews';

/**
 * What the review is about: the shop in general, or one of the tools the customer has ordered
 * (docs/behaviour.md §7.3). Until the orders arrive (or if they fail) only the general choice
 * is offered: the form still works.
 */
export function ToolChoice(props: { email: string; value: string; onChange: (toolId: string) => void }) {
  const { user } = useAuth();
  const tools = useOrderedTools(props.email, user?.id ?? '');
  return (
    <FormField
      id="review-tool"
      label="What are you reviewing?"
      kind="select"
      hint="Tools you have ordered are listed; one review per tool."
    >
      {(field) => (
        <select {...field} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
          <option value="">{reviewCopy.generalReview}</option>
          {tools.data?.map((tool) => (
            <option key={tool.id} value={tool.id}>
              {tool.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
