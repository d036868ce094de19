// The reference: the shop's reads and its order write as plain SQL on a pg pool behind a bare
// Fastify, no validation library, no ORM, no auth library: what the shop's routes cost at best.
// Started by bench/api.mjs with DATABASE_URL and PORT.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
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

// The session lookup by token, then the guarded decrement, the order's insert (items, shipping,
// total), its one line and the stock ledger's reservation as one statement: what place_order
// decides, at best.
app.post('/api/order', async (request, reply) => {
  const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.split('.')[0];
  const session = token
    ? await pool.query(
        `SELECT u.id, u.name, u.email FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token = $1 AND s.expires_at > now()`,
        [token],
      )
    : { rows: [] };
  const user = session.rows[0];
  if (!user) return reply.code(401).send({ code: 'unauthorized', message: 'Sign in first' });
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

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
