/** How to reach the company: the contact page, the contact block and every e-mail's footer. */
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
