import type { Cart, CartAddition, CartLine } from '@shop/shared/contracts/cart';
import type { Company, CompanyMember, MyCompany } from '@shop/shared/contracts/companies';
import type { CompanyTerms, Invoice, InvoicePayment, Statement } from '@shop/shared/contracts/invoices';
import type { Quote, QuoteLine } from '@shop/shared/contracts/quotes';
import type { SavedList } from '@shop/shared/contracts/saved-lists';
import type { CartTax, ResaleCertificate, TaxLine, TaxRegistration } from '@shop/shared/contracts/tax';
import type { FieldIssue } from '@shop/shared/errors';
import type { AddressWire } from '@/lib/domain/address';
import type { OrderDetailWire, OrderWire } from '@/lib/domain/order';
import type { ProfileWire } from '@/lib/domain/profile';
import type { ManagedReviewWire, ReviewWire } from '@/lib/domain/review';
import type { ToolWire } from '@/lib/domain/tool';
import type { SessionUserWire, UserWire } from '@/lib/domain/user';
import type { Refusal } from './fetch-mock';

/**
 * Records as the API sends them, for mockApi to answer with: typed by the route table's response
 * types (lib/domain), so a fixture that no longer matches the API's contract fails the type check.
 * Each test overrides only what it is about.
 */

/** Cara, the signed-in customer of most tests. */
export const aSessionUser = (overrides: Partial<SessionUserWire> = {}): SessionUserWire => ({
  _id: 'u1',
  displayName: 'Cara Customer',
  email: 'cara@shop.test',
  role: 'customer',
  image: null,
  emailVerified: true,
  ...overrides,
});

/** An entry of the admin's user list. */
export const aUser = (overrides: Partial<UserWire> = {}): UserWire => ({
  _id: 'u1',
  name: 'Cara Customer',
  email: 'cara@shop.test',
  role: 'customer',
  ...overrides,
});

/** 500 in stock, at least 100 an order, $4 each. */
export const aTool = (overrides: Partial<ToolWire> = {}): ToolWire => ({
  _id: 't1',
  name: 'Angled Sash Brush',
  sku: 'BR-50A',
  img: '/uploads/sash-brush.webp',
  images: [
    { url: '/uploads/sash-brush-400w.webp', width: 400 },
    { url: '/uploads/sash-brush-800w.webp', width: 800 },
    { url: '/uploads/sash-brush.webp', width: 1600 },
  ],
  availableQuantity: 500,
  orderQuantity: 100,
  perPartsPrice: 4,
  description: 'A 50 mm angled brush for cutting in along frames and ceilings.',
  category: 'home',
  createdAt: '2024-01-01T00:00:00.000Z',
  lowStockThreshold: null,
  packSize: 1,
  maxOrderQuantity: null,
  shipPrice: 25,
  priceBreaks: [],
  ...overrides,
});

/** Cara's unpaid order o1: 120 flat brushes at $3.50, $420 in all (placed before shipping was charged). */
export const anOrder = (overrides: Partial<OrderWire> = {}): OrderWire => ({
  _id: 'o1',
  toolsId: 't1',
  toolsName: 'Flat Brush',
  name: 'Cara Customer',
  email: 'cara@shop.test',
  phoneNumber: '01700000000',
  address: '1 Canvas Road',
  quantity: 120,
  unitPrice: 3.5,
  price: 420,
  itemsTotal: 420,
  shipping: 0,
  // Before tax (docs/behaviour.md §5.22): no tax and, on its detail, no tax lines.
  tax: 0,
  total: 420,
  paid: false,
  transactionId: null,
  ship: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  // The state the booleans imply, unless the test names one (docs/behaviour.md §5.5).
  state: overrides.ship ? 'shipped' : overrides.paid ? 'paid' : 'unpaid',
  carrier: null,
  trackingNumber: null,
  lineCount: 1,
  poNumber: null,
  note: null,
  shippingAddress: null,
  companyId: null,
  placedBy: { id: 'u1', name: overrides.name ?? 'Cara Customer' },
  approvalState: null,
  approvalReason: null,
  ...overrides,
});

/**
 * An order as GET /order/:id and the timeline answer it: with its lines, by default the one line
 * its own fields describe.
 */
export const anOrderDetail = (overrides: Partial<OrderDetailWire> = {}): OrderDetailWire => {
  const order = anOrder(overrides);
  return {
    ...order,
    lines: [
      {
        toolId: order.toolsId,
        toolName: order.toolsName,
        sku: order.toolsId ? 'FB-100' : null,
        quantity: order.quantity,
        unitPrice: order.unitPrice ?? 0,
        lineTotal: order.itemsTotal,
      },
    ],
    taxLines: [],
    ...overrides,
  };
};

/** 100 sash brushes at $4 in the cart: a line that can be ordered as it stands. */
export const aCartLine = (overrides: Partial<CartLine> = {}): CartLine => ({
  toolId: 't1',
  name: 'Angled Sash Brush',
  sku: 'BR-50A',
  img: '/uploads/sash-brush.webp',
  quantity: 100,
  unitPrice: 4,
  rung: null,
  nextRung: null,
  lineTotal: 400,
  minOrderQuantity: 100,
  packSize: 1,
  maxOrderQuantity: null,
  availableQuantity: 500,
  problem: null,
  ...overrides,
});

/** A cart of that one line, $25 shipping, no order minimum: it can be checked out. */
export const aCart = (overrides: Partial<Cart> = {}): Cart => ({
  lines: [aCartLine()],
  itemsTotal: 400,
  shipping: 25,
  total: 425,
  freeShippingOver: null,
  orderMinimum: null,
  canCheckOut: true,
  ...overrides,
});

/** What became of one row sent to the cart: by default the sash brushes, added, the cart then holding 100. */
export const aCartAddition = (overrides: Partial<CartAddition> = {}): CartAddition => ({
  index: 0,
  sku: 'BR-50A',
  toolId: 't1',
  name: 'Angled Sash Brush',
  quantity: 100,
  status: 'ok',
  code: null,
  message: null,
  nearest: [],
  cartQuantity: 100,
  mergedInto: null,
  priceChange: null,
  ...overrides,
});

/** Cara's saved list l1, 'Van restock': 100 sash brushes at $4 and 48 rollers at $5. */
export const aSavedList = (overrides: Partial<SavedList> = {}): SavedList => ({
  id: 'l1',
  name: 'Van restock',
  lineCount: 2,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-06T10:00:00.000Z',
  lines: [
    {
      toolId: 't1',
      sku: 'BR-50A',
      name: 'Angled Sash Brush',
      img: '/uploads/sash-brush.webp',
      quantity: 100,
      unitPrice: 4,
      isArchived: false,
    },
    {
      toolId: 't2',
      sku: 'RL-9',
      name: 'Foam Roller',
      img: '/uploads/roller.webp',
      quantity: 48,
      unitPrice: 5,
      isArchived: false,
    },
  ],
  ...overrides,
});

/** Cara's default address in Leeds. */
export const anAddress = (overrides: Partial<AddressWire> = {}): AddressWire => ({
  _id: 'a1',
  name: 'Cara Customer',
  company: 'Cara Decorating',
  line1: '1 Easel Street',
  line2: null,
  city: 'Leeds',
  region: null,
  postalCode: 'LS1 4AB',
  country: 'GB',
  phone: '+44 113 496 0000',
  isDefault: true,
  ...overrides,
});

/**
 * Cara's order o5 of three tools through checkout, unpaid: 100 brushes at $9.00, 48 rollers at
 * $5.00 and 10 trays at $3.50; $1,175 of tools, $25 shipping, PO number, note and the address
 * as it was when ordered. No one unit price: each line has its own.
 */
export const aMultiLineOrderDetail = (overrides: Partial<OrderDetailWire> = {}): OrderDetailWire =>
  anOrderDetail({
    _id: 'o5',
    toolsId: null,
    toolsName: 'Angled Sash Brush and 2 more',
    address: 'Cara Customer, Cara Decorating, 1 Easel Street, Leeds LS1 4AB, United Kingdom',
    phoneNumber: '+44 113 496 0000',
    quantity: 158,
    unitPrice: null,
    itemsTotal: 1175,
    shipping: 25,
    total: 1200,
    price: 1200,
    lineCount: 3,
    poNumber: 'PO-2291',
    note: 'Deliver to the side gate',
    shippingAddress: {
      name: 'Cara Customer',
      company: 'Cara Decorating',
      line1: '1 Easel Street',
      line2: null,
      city: 'Leeds',
      region: null,
      postalCode: 'LS1 4AB',
      country: 'GB',
      phone: '+44 113 496 0000',
    },
    lines: [
      {
        toolId: 't1',
        toolName: 'Angled Sash Brush',
        sku: 'BR-50A',
        quantity: 100,
        unitPrice: 9,
        lineTotal: 900,
      },
      { toolId: 't2', toolName: 'Foam Roller', sku: 'RL-9', quantity: 48, unitPrice: 5, lineTotal: 240 },
      { toolId: 't3', toolName: 'Paint Tray', sku: '007', quantity: 10, unitPrice: 3.5, lineTotal: 35 },
    ],
    ...overrides,
  });

export const aReview = (overrides: Partial<ReviewWire> = {}): ReviewWire => ({
  _id: 'r1',
  name: 'Customer 1',
  rating: 4,
  review: 'Great brushes.',
  address: 'Customer review',
  createdAt: '2024-01-01T00:00:00.000Z',
  verifiedBuyer: false,
  toolId: null,
  toolName: null,
  ...overrides,
});

/** A review as its author or an admin reads it (My reviews, moderation). */
export const aManagedReview = (overrides: Partial<ManagedReviewWire> = {}): ManagedReviewWire => ({
  ...aReview(),
  hidden: false,
  hiddenReason: null,
  hiddenAt: null,
  updatedAt: null,
  ...overrides,
});

/** Cara's profile before its first save: the seven fields are null. */
export const aProfile = (overrides: Partial<ProfileWire> = {}): ProfileWire => ({
  email: 'cara@shop.test',
  name: 'Cara Customer',
  image: null,
  phone: null,
  address: null,
  study: null,
  fb: null,
  insta: null,
  linkdin: null,
  github: null,
  ...overrides,
});

/** The API's answer to a request it refuses field by field: the first issue's message leads. */
export const invalidInput = (...issues: [FieldIssue, ...FieldIssue[]]): Refusal => ({
  status: 400,
  body: { code: 'invalid-input', message: issues[0].message, issues },
});

/** Harbour Decorators, approved, applied for by Cara (u1), her company with two members. */
export const aCompany = (overrides: Partial<Company> = {}): Company => ({
  id: 'c1',
  name: 'Harbour Decorators Ltd',
  taxNumber: 'GB123456789',
  billingAddress: {
    name: 'Accounts',
    company: 'Harbour Decorators Ltd',
    line1: '4 Dock Road',
    line2: null,
    city: 'Hull',
    region: null,
    postalCode: 'HU1 2AB',
    country: 'GB',
    phone: '01482 000000',
  },
  phone: '01482 000000',
  monthlyVolume: '1000-5000',
  state: 'approved',
  declineReason: null,
  applicant: { id: 'u1', name: 'Cara Customer', email: 'cara@shop.test' },
  createdAt: '2026-01-02T10:00:00.000Z',
  decidedAt: '2026-01-03T10:00:00.000Z',
  memberCount: 2,
  // No payment terms: its buyers pay by card (docs/behaviour.md §5.23).
  terms: null,
  ...overrides,
});

export const aMember = (overrides: Partial<CompanyMember> = {}): CompanyMember => ({
  userId: 'u1',
  name: 'Cara Customer',
  email: 'cara@shop.test',
  role: 'admin',
  orderLimit: null,
  joinedAt: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

/** GET /company/mine: Cara as her company's admin, unless overridden. */
export const myCompany = (overrides: Partial<MyCompany> = {}): MyCompany => ({
  membership: { company: aCompany(), role: 'admin', orderLimit: null },
  application: null,
  ...overrides,
});

/** California's sales tax at 7.25 % on $425 (items and shipping): $30.81. */
export const aTaxLine = (overrides: Partial<TaxLine> = {}): TaxLine => ({
  jurisdiction: 'US-CA',
  label: 'Sales tax',
  reason: 'taxed',
  rate: 7.25,
  taxable: 425,
  amount: 30.81,
  reference: null,
  reversedAt: null,
  ...overrides,
});

/** GET /cart/tax for aCart() shipped to California: $30.81 of tax, $455.81 in all. */
export const aCartTax = (overrides: Partial<CartTax> = {}): CartTax => ({
  lines: [aTaxLine()],
  tax: 30.81,
  total: 455.81,
  ...overrides,
});

/** The shop's registration in California: sales tax at 7.25 %, shipping taxed. */
export const aTaxRegistration = (overrides: Partial<TaxRegistration> = {}): TaxRegistration => ({
  id: 'tr1',
  country: 'US',
  region: 'CA',
  label: 'Sales tax',
  rate: 7.25,
  taxesShipping: true,
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

/** Harbour Decorators' California resale certificate, waiting for the shop to verify it. */
export const aResaleCertificate = (overrides: Partial<ResaleCertificate> = {}): ResaleCertificate => ({
  id: 'rc1',
  country: 'US',
  region: 'CA',
  number: 'SR-CA-1001',
  expiresOn: '2027-06-30',
  state: 'pending',
  rejectReason: null,
  hasFile: false,
  createdAt: '2026-01-04T10:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

/** Net 30 with a $5,000 credit limit, invoices to Harbour's accounts payable (docs/behaviour.md §5.23). */
export const someTerms = (overrides: Partial<CompanyTerms> = {}): CompanyTerms => ({
  days: 30,
  creditLimit: 5000,
  invoiceEmail: 'ap@harbour.test',
  ...overrides,
});

/** Harbour's invoice INV-2026-00001 for order o1: $420, issued Jan 2, due Feb 1, nothing paid yet. */
export const anInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  id: 'inv1',
  number: 'INV-2026-00001',
  orderId: 'o1',
  companyId: 'c1',
  companyName: 'Harbour Decorators Ltd',
  poNumber: null,
  issuedAt: '2026-01-02T10:00:00.000Z',
  dueOn: '2026-02-01',
  termsDays: 30,
  total: 420,
  paid: 0,
  balance: 420,
  state: 'open',
  overdue: false,
  ...overrides,
});

/** $100 received by bank transfer against INV-2026-00001. */
export const anInvoicePayment = (overrides: Partial<InvoicePayment> = {}): InvoicePayment => ({
  id: 'ip1',
  invoiceId: 'inv1',
  invoiceNumber: 'INV-2026-00001',
  amount: 100,
  method: 'bank-transfer',
  reference: 'BACS 7781',
  receivedOn: '2026-01-10',
  recordedAt: '2026-01-10T15:00:00.000Z',
  ...overrides,
});

/** Harbour's statement on Net 30: one open invoice of $420, nothing overdue, no payments. */
export const aStatement = (overrides: Partial<Statement> = {}): Statement => ({
  companyId: 'c1',
  companyName: 'Harbour Decorators Ltd',
  terms: someTerms(),
  balance: 420,
  creditAvailable: 4580,
  overdueCount: 0,
  overdueBalance: 0,
  invoices: [anInvoice()],
  payments: [],
  ...overrides,
});

/** A quote's line: 100 sash brushes the buyer would have paid $4 each for, quoted at $3.50. */
const aQuoteLine = (overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  toolId: 't1',
  toolName: 'Angled Sash Brush',
  sku: 'BR-50A',
  quantity: 100,
  listUnitPrice: 4,
  quotedUnitPrice: 3.5,
  ...overrides,
});

/**
 * Cara's quote q1, Q-2026-00012, priced and sent (docs/behaviour.md §5.24): 100 sash brushes at
 * $3.50 (were $4) and 48 rollers at $4.25 (were $5), $554 before shipping and tax, valid until
 * 2026-12-01; her note, the shop's message.
 */
export const aQuote = (overrides: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  number: 'Q-2026-00012',
  state: 'sent',
  expired: false,
  customer: { id: 'u1', name: 'Cara Customer', email: 'cara@shop.test' },
  companyName: null,
  note: 'For the school job in March',
  message: 'Thanks for asking: these hold for the whole order.',
  lines: [
    aQuoteLine(),
    aQuoteLine({
      toolId: 't2',
      toolName: 'Foam Roller',
      sku: 'RL-9',
      quantity: 48,
      listUnitPrice: 5,
      quotedUnitPrice: 4.25,
    }),
  ],
  quotedTotal: 554,
  requestedAt: '2026-01-05T10:00:00.000Z',
  sentAt: '2026-01-06T10:00:00.000Z',
  expiresOn: '2026-12-01',
  acceptedAt: null,
  orderId: null,
  ...overrides,
});

/** The same quote as asked, before the shop priced it. */
export const aRequestedQuote = (overrides: Partial<Quote> = {}): Quote =>
  aQuote({
    state: 'requested',
    message: null,
    lines: aQuote().lines.map((line) => ({ ...line, quotedUnitPrice: null })),
    quotedTotal: null,
    sentAt: null,
    expiresOn: null,
    ...overrides,
  });
