// The reference: the shop's reads, its order write, and its cart and checkout as plain SQL on a
// pg pool behind a bare Fastify, no validation library, no ORM, no auth library: what the shop's
// routes cost at best. Started by bench/api.mjs with DATABASE_URL, PORT and
// MAX_OPEN_UNPAID_ORDERS (the shop's, so that both refuse alike).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const MAX_OPEN_UNPAID = Number(process.env.MAX_OPEN_UNPAID_ORDERS ?? 5);
/** packages/shared: MAX_CART_LINES and MAX_ORDER_TOTAL_CENTS. */
const MAX_CART_LINES = 200;
const MAX_ORDER_TOTAL_CENTS = 99_999_999;
const app = Fastify({ logger: false });
// An error it did not expect (a deadlock, a serialization failure) is written to its log,
// reference.log in the run's folder, with PostgreSQL's code: the shop logs its own.
app.setErrorHandler((error, request, reply) => {
  console.error(
    `${request.method} ${request.url}: ${error.code ?? ''} ${error.message}${error.detail ? ` (${error.detail})` : ''}`,
  );
  reply.code(500).send({ code: 'internal', message: 'Something went wrong' });
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOOL_COLUMNS = `id, name, image_url, available_quantity, min_order_quantity, unit_price_cents, description,
  category, created_at, low_stock_threshold, pack_size, max_order_quantity, ship_price_cents, price_breaks`;

const toTool = (row) => ({
  _id: row.id,
  name: row.name,
  img: row.image_url,
  availableQuantity: row.available_quantity,
  orderQuantity: row.min_order_quantity,
  perPartsPrice: row.unit_price_cents / 100,
  description: row.description,
  category: row.category,
  createdAt: row.created_at.toISOString(),
  lowStockThreshold: row.low_stock_threshold,
  packSize: row.pack_size,
  maxOrderQuantity: row.max_order_quantity,
  shipPrice: row.ship_price_cents / 100,
  priceBreaks: row.price_breaks.map((rung) => ({
    fromQuantity: rung.fromQuantity,
    unitPrice: rung.unitPriceCents / 100,
  })),
});

app.get('/api/tool', async () => {
  const { rows } = await pool.query(
    `SELECT ${TOOL_COLUMNS} FROM tools WHERE archived_at IS NULL ORDER BY created_at, id`,
  );
  return rows.map(toTool);
});

app.get('/api/tool/:id', async (request, reply) => {
  const { id } = request.params;
  const { rows } = UUID.test(id)
    ? await pool.query(`SELECT ${TOOL_COLUMNS} FROM tools WHERE id = $1 AND archived_at IS NULL`, [id])
    : { rows: [] };
  if (rows.length === 0) return reply.code(404).send({ code: 'not-found', message: 'Tool not found' });
  return toTool(rows[0]);
});

/**
 * The session lookup by token (the part before the dot): the caller, or undefined. Every time:
 * the shop keeps a session it has read in memory for SESSION_CACHE_TTL_MS (30 s).
 */
async function signedIn(request) {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.split('.')[0];
  if (!token) return undefined;
  const { rows } = await pool.query(
    `SELECT u.id, u.name, u.email FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token = $1 AND s.expires_at > now()`,
    [token],
  );
  return rows[0];
}

const unauthorized = (reply) => reply.code(401).send({ code: 'unauthorized', message: 'Sign in first' });

// The session lookup by token, then the guarded decrement, the order's insert (items, shipping,
// total), its one line and the stock ledger's reservation as one statement: what place_order
// decides, at best.
app.post('/api/order', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return unauthorized(reply);
  const { toolsId, quantity, phoneNumber, address } = request.body;
  const { rows } = await pool.query(
    `WITH reserved AS (
       UPDATE tools SET available_quantity = available_quantity - $2
       WHERE id = $1 AND archived_at IS NULL AND available_quantity >= $2 AND min_order_quantity <= $2
         AND $2 % pack_size = 0
       RETURNING id, name, unit_price_cents, ship_price_cents, available_quantity),
     placed AS (
       INSERT INTO orders (tool_id, tool_name, user_id, customer_name, email, phone_number, address,
                           quantity, unit_price_cents, items_total_cents, shipping_cents, price_cents)
       SELECT id, name, $3, $4, $5, $6, $7, $2, unit_price_cents, $2::bigint * unit_price_cents,
              ship_price_cents, $2::bigint * unit_price_cents + ship_price_cents
       FROM reserved RETURNING id, tool_id, tool_name, quantity, unit_price_cents, items_total_cents),
     lined AS (
       INSERT INTO order_lines (order_id, position, tool_id, tool_name, quantity, unit_price_cents, line_total_cents)
       SELECT id, 1, tool_id, tool_name, quantity, unit_price_cents, items_total_cents FROM placed)
     INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id)
     SELECT placed.tool_id, -$2, reserved.available_quantity, 'order-reservation', $3, placed.id
     FROM placed JOIN reserved ON reserved.id = placed.tool_id RETURNING order_id AS id`,
    [toolsId, quantity, user.id, user.name, user.email, phoneNumber, address],
  );
  if (rows.length === 0) return reply.code(409).send({ code: 'insufficient-stock', message: 'Out of stock' });
  return reply.code(201).send({ insertedId: rows[0].id });
});

// ---- The cart and checkout (docs/behaviour.md §5.18) ----------------------------------------
// The same work as apps/api/src/modules/cart (cart.service.ts, checkout.ts) and place_order
// (apps/api/src/modules/ordering/sql/place-order.sql), no more and no less, in as few round
// trips as plain SQL allows. Like the shop started by the benchmark, it has no ORDER_MINIMUM
// and no FREE_SHIPPING_OVER: shipping is the highest ship price of the order's tools.

/** A transaction on one pooled connection: `work(client)`, then COMMIT, or ROLLBACK on a throw. */
async function inTransaction(work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query(result?.rollback ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** cart.service.ts lockCart: one change of a customer's cart at a time. */
const LOCK_CART = `SELECT pg_advisory_xact_lock(hashtextextended('cart:' || $1, 0))`;

/** A tool's rules on a quantity, as the shop's quantityProblem and place_order step 3 check them. */
const LINE_FITS = (tool, line) => `${tool}.archived_at IS NULL
  AND ${line}.quantity >= ${tool}.min_order_quantity
  AND ${line}.quantity <= ${tool}.available_quantity
  AND (${tool}.max_order_quantity IS NULL OR ${line}.quantity <= ${tool}.max_order_quantity)
  AND ${line}.quantity % ${tool}.pack_size = 0`;

/** The price ladder (packages/shared/src/pricing.ts): the rung a quantity reaches, and the next. */
function rungsFor(priceBreaks, quantity) {
  let reached = null;
  let next = null;
  for (const rung of priceBreaks) {
    if (rung.fromQuantity <= quantity) {
      if (!reached || rung.fromQuantity > reached.fromQuantity) reached = rung;
    } else if (!next || rung.fromQuantity < next.fromQuantity) next = rung;
  }
  return { reached, next };
}

/** The cart as the shop answers it (cart.service.ts toCart), from its lines joined to their tools. */
function toCart(rows) {
  let itemsCents = 0;
  let shipCents = 0;
  let orderable = 0;
  let hasProblem = false;
  const lines = rows.map((row) => {
    const { reached, next } = rungsFor(row.price_breaks, row.quantity);
    const unitCents = reached ? reached.unitPriceCents : row.unit_price_cents;
    const fits =
      row.archived_at === null &&
      row.quantity >= row.min_order_quantity &&
      row.quantity <= row.available_quantity &&
      (row.max_order_quantity === null || row.quantity <= row.max_order_quantity) &&
      row.quantity % row.pack_size === 0;
    if (fits) {
      itemsCents += row.quantity * unitCents;
      shipCents = Math.max(shipCents, row.ship_price_cents);
      orderable += 1;
    } else hasProblem = true;
    const addQuantity = next && next.fromQuantity - row.quantity;
    return {
      toolId: row.tool_id,
      name: row.name,
      img: row.image_url,
      quantity: row.quantity,
      unitPrice: unitCents / 100,
      rung: reached && { fromQuantity: reached.fromQuantity, unitPrice: reached.unitPriceCents / 100 },
      nextRung:
        next && addQuantity <= row.quantity ? { addQuantity, unitPrice: next.unitPriceCents / 100 } : null,
      lineTotal: (row.quantity * unitCents) / 100,
      minOrderQuantity: row.min_order_quantity,
      packSize: row.pack_size,
      maxOrderQuantity: row.max_order_quantity,
      availableQuantity: row.available_quantity,
      problem: fits ? null : { code: 'unavailable', message: 'This line cannot be ordered as it stands' },
    };
  });
  const shipping = orderable === 0 ? 0 : shipCents;
  return {
    lines,
    itemsTotal: itemsCents / 100,
    shipping: shipping / 100,
    total: orderable === 0 ? 0 : (itemsCents + shipping) / 100,
    freeShippingOver: null,
    orderMinimum: null,
    canCheckOut: lines.length > 0 && !hasProblem,
  };
}

// PUT /api/cart/lines (cart.service.ts setCartLines): under the cart's lock, each line sent is
// checked against its tool on the quantity it ends up with (in the shop, minimum, stock,
// maximum, whole packs; a new line only while the cart has room) and upserted, or taken out at
// 0; then the cart is read with its tools and answered priced, with a result per line sent.
// The lines are written in the order sent, as the shop writes them one by one: each insert's
// foreign-key check takes its tool's KEY SHARE lock in that order.
app.put('/api/cart/lines', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return unauthorized(reply);
  const sent = request.body.lines;
  const known = sent.filter((line) => UUID.test(line.toolId));
  const { accepted, rows } = await inTransaction(async (client) => {
    await client.query(LOCK_CART, [user.id]);
    const upserted = await client.query(
      `WITH sent AS (
         SELECT s.tool_id, s.quantity, s.n, EXISTS (
                  SELECT 1 FROM cart_lines c WHERE c.user_id = $1 AND c.tool_id = s.tool_id) AS held
         FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS s(tool_id, quantity, n)),
       removed AS (
         DELETE FROM cart_lines c USING sent s
         WHERE s.quantity = 0 AND c.user_id = $1 AND c.tool_id = s.tool_id RETURNING c.tool_id),
       fitting AS (
         SELECT s.tool_id, s.quantity, s.held, s.n,
                count(*) FILTER (WHERE NOT s.held) OVER (ORDER BY s.n) AS new_lines
         FROM sent s JOIN tools t ON t.id = s.tool_id
         WHERE s.quantity > 0 AND ${LINE_FITS('t', 's')}),
       upserted AS (
         INSERT INTO cart_lines (user_id, tool_id, quantity)
         SELECT $1, f.tool_id, f.quantity FROM fitting f
         WHERE f.held OR f.new_lines <= $4 - (SELECT count(*) FROM cart_lines WHERE user_id = $1)
         ORDER BY f.n
         ON CONFLICT (user_id, tool_id) DO UPDATE SET quantity = EXCLUDED.quantity
         RETURNING tool_id)
       SELECT tool_id FROM upserted UNION ALL SELECT tool_id FROM removed`,
      [user.id, known.map((line) => line.toolId), known.map((line) => line.quantity), MAX_CART_LINES],
    );
    const cart = await client.query(
      `SELECT c.tool_id, c.quantity, t.name, t.image_url, t.available_quantity, t.min_order_quantity,
              t.pack_size, t.max_order_quantity, t.unit_price_cents, t.price_breaks, t.ship_price_cents,
              t.archived_at
       FROM cart_lines c JOIN tools t ON t.id = c.tool_id
       WHERE c.user_id = $1 ORDER BY c.added_at, c.tool_id`,
      [user.id],
    );
    return { accepted: new Set(upserted.rows.map((row) => row.tool_id)), rows: cart.rows };
  });
  // The bench sends only lines that fit: a refusal here is not worded as the shop's.
  const results = sent.map(({ toolId }) =>
    accepted.has(toolId)
      ? { toolId, status: 'ok' }
      : { toolId, status: 'refused', code: 'refused', message: 'This line was refused', nearest: [] },
  );
  return { cart: toCart(rows), results };
});

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The address as an order copies it, and on one line (addresses.ts formatAddress). */
function shippingOf(row) {
  const address = {
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country,
    phone: row.phone,
  };
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  const country = countryNames.of(address.country) ?? address.country;
  const oneLine = [address.name, address.company, address.line1, address.line2, place, country]
    .filter(Boolean)
    .join(', ');
  return { address, oneLine };
}

/** The order as the shop answers it (order-dto.ts, order-lines.ts, order-tax.ts), from row_to_json of its rows. */
const toOrderDetail = (order, lines, taxLines) => ({
  _id: order.id,
  toolsId: order.tool_id,
  toolsName: order.tool_name,
  name: order.customer_name,
  email: order.email,
  phoneNumber: order.phone_number,
  address: order.address,
  quantity: order.quantity,
  unitPrice: order.unit_price_cents === null ? null : order.unit_price_cents / 100,
  price: order.price_cents / 100,
  itemsTotal: order.items_total_cents / 100,
  shipping: order.shipping_cents / 100,
  tax: order.tax_cents / 100,
  total: order.price_cents / 100,
  paid: order.paid,
  transactionId: order.transaction_id,
  ship: order.ship,
  createdAt: new Date(order.created_at).toISOString(),
  state: order.state,
  carrier: order.carrier,
  trackingNumber: order.tracking_number,
  lineCount: order.line_count,
  poNumber: order.po_number,
  note: order.note,
  shippingAddress: order.shipping_address,
  companyId: order.company_id,
  placedBy: { id: order.user_id, name: order.customer_name },
  approvalState: order.approval_state,
  approvalReason: order.approval_reason,
  lines: lines.map((line) => ({
    toolId: line.tool_id,
    toolName: line.tool_name,
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: line.unit_price_cents / 100,
    lineTotal: line.line_total_cents / 100,
  })),
  taxLines: taxLines.map((line) => ({
    jurisdiction: line.jurisdiction,
    label: line.label,
    reason: line.reason,
    rate: line.rate_ppm / 10_000,
    taxable: line.taxable_cents / 100,
    amount: line.tax_cents / 100,
    reference: line.reference,
    reversedAt: line.reversed_at && new Date(line.reversed_at).toISOString(),
  })),
});

/**
 * place_order step 2: the cart's tools locked in one fixed order, by id, FOR NO KEY UPDATE as
 * place_order locks them (a lock that lets the foreign-key check of a cart line being added for
 * one of these tools through). In a statement before the decrement, as place_order takes them:
 * inside one statement, PostgreSQL may run a data-modifying CTE's update of a row before another
 * CTE's locking scan reaches it, and two checkouts then deadlock (it did, 1 to 5 times a run).
 */
const LOCK_CART_TOOLS = `(SELECT count(*) FROM (
  SELECT id FROM tools WHERE id IN (SELECT tool_id FROM cart_lines WHERE user_id = $1)
  ORDER BY id FOR NO KEY UPDATE) AS locked)`;

/**
 * What the built-in tax provider reads for a destination (tax/built-in-provider.ts factsFor),
 * laterally on `a`, the address: the registration for the place (the region's own first), the
 * buyer's approved company, and its certificate there.
 */
const TAX_FACTS = `LATERAL (
  SELECT r.country, r.region, r.label, r.rate_ppm, r.taxes_shipping,
         c.tax_number, c.billing_address ->> 'country' AS company_country, cert.number AS certificate
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT * FROM tax_registrations
       WHERE country = a.country AND (region IS NULL OR region = upper(a.region))
       ORDER BY region NULLS LAST LIMIT 1) AS r ON true
    LEFT JOIN company_members m ON m.user_id = $1
    LEFT JOIN companies c ON c.id = m.company_id AND c.state = 'approved'
    LEFT JOIN LATERAL (
      SELECT number FROM resale_certificates
       WHERE company_id = c.id AND country = a.country AND region = upper(a.region)
         AND state = 'verified' AND expires_on >= current_date
       LIMIT 1) AS cert ON true)`;

/**
 * The built-in provider's decision from those facts (docs/behaviour.md §5.22): not registered,
 * exempt, or taxed at the registration's rate. Its first rule, the EU's reverse charge, needs a
 * company with a VAT number, which no bench buyer has, and is left out.
 */
function taxRuleOf(facts, address) {
  const region = address.region?.trim().toUpperCase() || null;
  const jurisdictionOf = (country, place) => (place ? `${country}-${place}` : country);
  const untaxed = (reason, jurisdiction, label, reference) => ({
    reason,
    jurisdiction,
    label,
    rate_ppm: 0,
    taxes_shipping: false,
    reference,
  });
  if (facts.country === null || facts.label === null || facts.rate_ppm === null) {
    return untaxed('not-registered', jurisdictionOf(address.country, region), 'Tax', null);
  }
  const jurisdiction = jurisdictionOf(facts.country, facts.region);
  if (facts.certificate) return untaxed('exempt', jurisdiction, facts.label, facts.certificate);
  const taxesShipping = facts.taxes_shipping ?? true;
  return {
    reason: 'taxed',
    jurisdiction,
    label: facts.label,
    rate_ppm: facts.rate_ppm,
    taxes_shipping: taxesShipping,
    reference: null,
  };
}

/**
 * place_order's steps 3 to 6 on the customer's cart, and the cart emptied (checkout.ts), as one
 * statement. $1 user id, $2 name, $3 e-mail, $4 phone, $5 address on one line, $6 the address's
 * copy, $7 PO number, $8 note, $9 the idempotency key, $10 MAX_ORDER_TOTAL_CENTS, $11 the
 * buyer's company (its contract prices), $12 the tax rule (taxRuleOf).
 */
const PLACE_CART = `
WITH cart AS (
  -- checkout.ts linesOfCart: the lines in the order they were added, numbered as place_order
  -- numbers the lines it is sent (WITH ORDINALITY)
  SELECT tool_id, quantity, row_number() OVER (ORDER BY added_at, tool_id) AS position
  FROM cart_lines WHERE user_id = $1),
taken AS (
  -- steps 3 and 5: each line against its tool's row as it is now (in the shop, minimum, stock,
  -- maximum, whole packs) and the stock taken, one guarded decrement per line; the unit price
  -- from the ladder (price-ladder.sql) of the company's contract price where it has one, the
  -- stock after for the ledger. The rows are locked already (LOCK_CART_TOOLS).
  UPDATE tools t SET available_quantity = t.available_quantity - c.quantity
  FROM cart c LEFT JOIN contract_prices cp ON cp.company_id = $11 AND cp.tool_id = c.tool_id
  WHERE t.id = c.tool_id AND ${LINE_FITS('t', 'c')}
  RETURNING c.position, c.tool_id, c.quantity, t.name, t.sku, t.available_quantity, t.min_order_quantity,
            t.ship_price_cents,
            applied_unit_price_cents(coalesce(cp.price_breaks, t.price_breaks),
                                     coalesce(cp.unit_price_cents, t.unit_price_cents), c.quantity) AS unit_cents),
figures AS (
  -- step 4: the order's figures; shipping the highest ship price of its tools
  SELECT count(*)::int AS n, sum(quantity)::int AS units, sum(quantity::bigint * unit_cents)::bigint AS items,
         max(ship_price_cents) AS ship, sum(min_order_quantity)::int AS minimums,
         (array_agg(name ORDER BY position))[1] AS first_name,
         (array_agg(tool_id ORDER BY position))[1] AS first_tool,
         (array_agg(unit_cents ORDER BY position))[1] AS first_unit
  FROM taken),
summary AS (
  -- step 4: the tax, the rule's rate on the items and, where it says, shipping, half a cent up
  SELECT f.*, ($12::jsonb ->> 'rate_ppm')::int AS rate,
         f.items + CASE WHEN ($12::jsonb ->> 'taxes_shipping')::boolean THEN f.ship ELSE 0 END AS taxable,
         ((f.items + CASE WHEN ($12::jsonb ->> 'taxes_shipping')::boolean THEN f.ship ELSE 0 END)
           * ($12::jsonb ->> 'rate_ppm')::int + 500000) / 1000000 AS tax
  FROM figures f),
placed AS (
  -- step 5: the order, only when every line was taken (all lines or none: the caller rolls back
  -- the decrements otherwise) and the total is within the cap; its summary fields as
  -- place_order writes them ('First tool and 9 more', the units of all lines)
  INSERT INTO orders (tool_id, tool_name, user_id, customer_name, email, phone_number, address,
                      quantity, unit_price_cents, items_total_cents, shipping_cents, tax_cents, price_cents,
                      min_order_quantity, line_count, po_number, note, shipping_address, checkout_key,
                      company_id)
  SELECT CASE WHEN n = 1 THEN first_tool END,
         CASE WHEN n = 1 THEN first_name ELSE first_name || ' and ' || (n - 1) || ' more' END,
         $1, $2, $3, $4, $5, units, CASE WHEN n = 1 THEN first_unit END, items, ship, tax, items + ship + tax,
         minimums, n, $7, $8, $6, $9, $11
  FROM summary WHERE n > 0 AND n = (SELECT count(*) FROM cart) AND items + ship + tax <= $10
  RETURNING *),
taxed AS (
  -- step 6: the order's tax line, frozen with its reason
  INSERT INTO order_tax_lines (order_id, position, jurisdiction, label, reason, rate_ppm, taxes_shipping,
                               taxable_cents, tax_cents, reference)
  SELECT p.id, 1, $12::jsonb ->> 'jurisdiction', $12::jsonb ->> 'label', $12::jsonb ->> 'reason', s.rate,
         ($12::jsonb ->> 'taxes_shipping')::boolean, s.taxable, s.tax, $12::jsonb ->> 'reference'
  FROM placed p CROSS JOIN summary s
  RETURNING jurisdiction, label, reason, rate_ppm, taxable_cents, tax_cents, reference, reversed_at),
lined AS (
  -- step 5: a line per tool
  INSERT INTO order_lines (order_id, position, tool_id, tool_name, sku, quantity, unit_price_cents,
                           line_total_cents, min_order_quantity)
  SELECT p.id, t.position, t.tool_id, t.name, t.sku, t.quantity, t.unit_cents, t.quantity::bigint * t.unit_cents,
         t.min_order_quantity
  FROM placed p CROSS JOIN taken t
  RETURNING position, tool_id, tool_name, sku, quantity, unit_price_cents, line_total_cents),
moved AS (
  -- step 5: the ledger's reservation per line
  INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id)
  SELECT t.tool_id, -t.quantity, t.available_quantity, 'order-reservation', $1, p.id
  FROM placed p CROSS JOIN taken t),
evented AS (
  -- step 5: the 'placed' event
  INSERT INTO order_events (order_id, kind, actor_user_id) SELECT id, 'placed', $1 FROM placed),
emptied AS (
  -- checkout.ts removeCartLines: the cart emptied of what the order took, once it exists
  DELETE FROM cart_lines c USING placed p WHERE c.user_id = $1 AND c.tool_id IN (SELECT tool_id FROM taken))
SELECT (SELECT row_to_json(p) FROM placed p) AS "order",
       (SELECT json_agg(l ORDER BY l.position) FROM lined l) AS lines,
       (SELECT json_agg(x) FROM taxed x) AS tax_lines,
       (SELECT count(*)::int FROM cart) AS wanted,
       (SELECT c.tool_id FROM cart c WHERE c.tool_id NOT IN (SELECT tool_id FROM taken)
        ORDER BY c.position LIMIT 1) AS refused_tool_id`;

// POST /api/checkout (checkout.ts and place_order): in one transaction, under the customer's
// locks, the address, the key already used, the unpaid orders counted, then PLACE_CART. The
// answer is the order with its lines, as the shop's (which reads them again after the commit).
app.post('/api/checkout', async (request, reply) => {
  const user = await signedIn(request);
  if (!user) return unauthorized(reply);
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[\w-]{8,100}$/.test(key)) {
    return reply.code(400).send({ code: 'validation', message: 'Send an Idempotency-Key header' });
  }
  const { addressId, poNumber = null, note = null } = request.body;
  const outcome = await inTransaction(async (client) => {
    // The cart's lock (cart.service.ts lockCart) and place_order step 1's lock per customer: the
    // same two advisory locks, taken in one round trip, before anything is read.
    await client.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('cart:' || $1, 0)),
              pg_advisory_xact_lock(hashtextextended('open-orders:' || $1, 0))`,
      [user.id],
    );
    // The address (checkout.ts findAddressOf), then place_order step 1: a key already used
    // answers its order; the customer's unpaid orders counted against the cap; and step 2, the
    // cart's tools locked, in the same round trip.
    // The buyer's approved company (its membership held FOR SHARE, as place_order holds it) and
    // what the tax decision reads (TAX_FACTS), in the same round trip.
    const {
      rows: [found],
    } = await client.query(
      `WITH address AS (SELECT a.* FROM addresses a WHERE a.id = $2 AND a.user_id = $1),
            member AS (
              SELECT m.company_id FROM company_members m
                JOIN companies c ON c.id = m.company_id AND c.state = 'approved'
               WHERE m.user_id = $1 FOR SHARE OF m)
       SELECT (SELECT to_jsonb(a) FROM address a) AS address,
              (SELECT company_id FROM member) AS company_id,
              (SELECT to_jsonb(f) FROM address a, ${TAX_FACTS} AS f) AS tax,
              (SELECT id FROM orders WHERE user_id = $1 AND checkout_key = $3) AS existing,
              (SELECT count(*)::int FROM orders WHERE user_id = $1 AND state = 'unpaid') AS open,
              ${LOCK_CART_TOOLS} AS locked`,
      [user.id, UUID.test(addressId) ? addressId : null, key],
    );
    if (!found.address)
      return { rollback: true, status: 404, code: 'not-found', message: 'Address not found' };
    if (found.existing) {
      const { rows } = await client.query(
        `SELECT (SELECT row_to_json(o) FROM orders o WHERE o.id = $1) AS "order",
                (SELECT json_agg(l ORDER BY l.position) FROM order_lines l WHERE l.order_id = $1) AS lines,
                (SELECT json_agg(x ORDER BY x.position) FROM order_tax_lines x WHERE x.order_id = $1) AS tax_lines`,
        [found.existing],
      );
      return { status: 201, order: rows[0].order, lines: rows[0].lines, taxLines: rows[0].tax_lines };
    }
    if (found.open >= MAX_OPEN_UNPAID) {
      return {
        rollback: true,
        status: 409,
        code: 'too-many-unpaid',
        message: 'Pay or cancel an order first',
      };
    }
    const { address, oneLine } = shippingOf(found.address);
    const tax = taxRuleOf(found.tax, address);
    const {
      rows: [placed],
    } = await client.query(PLACE_CART, [
      user.id,
      user.name,
      user.email,
      address.phone,
      oneLine,
      JSON.stringify(address),
      poNumber,
      note,
      key,
      MAX_ORDER_TOTAL_CENTS,
      found.company_id,
      JSON.stringify(tax),
    ]);
    if (!placed.order) {
      // Nothing is kept: the decrements of the lines that fitted are rolled back.
      const message =
        placed.wanted === 0
          ? 'Your cart is empty'
          : placed.refused_tool_id
            ? `Line ${placed.refused_tool_id} cannot be had`
            : 'The order is over the total allowed';
      return { rollback: true, status: 409, code: 'refused', message };
    }
    return { status: 201, order: placed.order, lines: placed.lines, taxLines: placed.tax_lines };
  });
  if (outcome.status !== 201) {
    const { status, code, message } = outcome;
    return reply.code(status).send({ code, message });
  }
  return reply.code(201).send({
    insertedId: outcome.order.id,
    order: toOrderDetail(outcome.order, outcome.lines, outcome.taxLines),
  });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
