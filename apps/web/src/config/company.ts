/** How to reach the company: shown on the contact page and in the contact block. */
export const company = {
  name: 'Brushworks Ltd',
  addressLines: ['14 Bristle Lane, Millbrook Industrial Park', 'Sheffield S9 2RT, United Kingdom'],
  phone: '+44 114 496 0321',
  email: 'sales@brushworks.example',
  openingHours: [
    { days: 'Monday to Friday', hours: '8:00 to 18:00' },
    { days: 'Saturday', hours: '9:00 to 13:00' },
    { days: 'Sunday', hours: 'Closed' },
  ],
} as const;

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
