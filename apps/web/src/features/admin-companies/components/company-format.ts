const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** 'Mar 4, 2025'. */
export const formatDay = (iso: string) => day.format(new Date(iso));
