import type { Order } from '@shop/shared/contracts/orders';
import { customer } from '@/test/signed-in';

/** The unpaid order o1 of the signed-in test customer: 120 flat brushes at $3.50, $420 in all. */
export const unpaidOrder: Order = {
  _id: 'o1',
  toolsId: 't1',
  toolsName: 'Flat Brush',
  name: customer.displayName,
  email: customer.email,
  phoneNumber: '01700000000',
  address: '1 Canvas Road',
  quantity: 120,
  unitPrice: 3.5,
  price: 420,
  paid: false,
  transactionId: null,
  ship: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};
