/**
 * The shop's three product lines, as the home page names them: every tool belongs to one
 * (docs/behaviour.md §3.2). The slug travels in the API and in URLs; the label is shown.
 */
export const toolCategories = ['home', 'professional', 'student'] as const;
export type ToolCategory = (typeof toolCategories)[number];

export const toolCategoryLabels: Readonly<Record<ToolCategory, string>> = {
  home: 'Home Painting Tools',
  professional: 'Professional Tools',
  student: 'Student Paint Tools',
};

export const isToolCategory = (value: string): value is ToolCategory =>
  (toolCategories as readonly string[]).includes(value);
