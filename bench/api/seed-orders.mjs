// Seeding straight into PostgreSQL for the benchmarks at scale (bench/catalogue.mjs,
// bench/back-office.mjs): tools and orders as a shop would hold them after months or years, in a
// few statements, with nothing left for its jobs to do.

/**
 * `count` tools, names and descriptions from word lists (so searches find some and not all),
 * one in seven out of stock.
 */
export async function seedTools(pool, count) {
  await pool.query(
    `INSERT INTO tools (name, image_url, available_quantity, min_order_quantity, unit_price_cents,
                        description, category, created_at)
     SELECT (ARRAY['Flat','Angled','Round','Foam','Mini','Wide','Slim','Heavy'])[1 + n % 8] || ' ' ||
            (ARRAY['Wall Brush','Sash Brush','Paint Roller','Roller Tray','Masking Tape','Extension Pole',
                   'Spray Gun','Filling Knife','Mixer Paddle','Artist Set','Edger','Drop Cloth'])[1 + n % 12] ||
            ' ' || n,
            '/uploads/bench-' || (n % 10) || '.webp',
            CASE WHEN n % 7 = 0 THEN 0 ELSE 100 + n % 5000 END,
            1 + n % 50,
            100 + (n * 37) % 20000,
            'Made for ' || (ARRAY['walls','trim','ceilings','fences','classrooms','crews'])[1 + n % 6] ||
            ' with ' || (ARRAY['synthetic filaments','a steel frame','a woven cover','a beech handle'])[1 + n % 4] ||
            '. Easy to clean and built to last many coats.',
            (ARRAY['home','professional','student'])[1 + n % 3],
            now() - (n || ' seconds')::interval
     FROM generate_series(1, $1) AS n`,
    [count],
  );
}

const FIRST_NAMES = ['Ada', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gia', 'Hugo', 'Isla', 'Jude'];
const LAST_NAMES = [
  'Archer', 'Baker', 'Carver', 'Dyer', 'Fletcher', 'Glazier', 'Hooper', 'Joiner', 'Mason',
  'Painter', 'Plumber', 'Roper', 'Sawyer', 'Slater', 'Tanner', 'Turner', 'Weaver', 'Wright',
]; // prettier-ignore
/** Words a search of Total Orders finds among the seeded customers' names and e-mails. */
export const CUSTOMER_SEARCHES = ['mason', 'slater 17', 'ella.dyer', 'trade-42', 'hooper', 'finn weaver 3'];

/**
 * `count` customers, `Ada Archer 1` (ada.archer.1@trade-1.test) and so on: a first and a last
 * name from short lists and a number, so a search by name finds many and a search by e-mail few.
 */
export async function seedCustomers(pool, count) {
  await pool.query(
    `INSERT INTO users (id, name, email, email_verified, created_at, updated_at)
     SELECT 'bench-customer-' || n,
            ($2::text[])[1 + n % array_length($2, 1)] || ' ' || ($3::text[])[1 + n % array_length($3, 1)] || ' ' || n,
            lower(($2::text[])[1 + n % array_length($2, 1)] || '.' || ($3::text[])[1 + n % array_length($3, 1)]) ||
              '.' || n || '@trade-' || (n % 100) || '.test',
            true, now(), now()
     FROM generate_series(1, $1) AS n`,
    [count, FIRST_NAMES, LAST_NAMES],
  );
}

/**
 * `count` orders of the seeded tools by the seeded customers, one every `spacingSeconds` back from
 * now, each with its one line, as the lifecycle would have left them: one in a hundred refunded,
 * three cancelled, ten unpaid (expired once older than the default UNPAID_ORDER_TTL, 48 hours),
 * the rest paid an hour after placing and shipped once older than three days. Their 'placed'
 * mail (queued by a trigger) is not news: it goes with the same transaction. Then VACUUM
 * ANALYZE, as autovacuum would have by now (index-only scans need the visibility map).
 */
export async function seedOrders(pool, { count, spacingSeconds, customers }) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `WITH picked AS (SELECT id, name, unit_price_cents, row_number() OVER () AS k FROM tools),
            placed AS (SELECT n, now() - (n * $2 || ' seconds')::interval AS at, n % 100 AS fate
                         FROM generate_series(1, $1) AS n),
            fated AS (SELECT *, CASE WHEN fate = 0 THEN 'refunded'
                                     WHEN fate <= 3 THEN 'cancelled'
                                     WHEN fate <= 13 AND at < now() - interval '48 hours' THEN 'expired'
                                     WHEN fate <= 13 THEN 'unpaid'
                                     WHEN at < now() - interval '3 days' THEN 'shipped'
                                     ELSE 'paid' END AS state
                        FROM placed),
            buyers AS (SELECT id, name, email, row_number() OVER (ORDER BY id) AS k FROM users
                        WHERE id LIKE 'bench-customer-%')
       INSERT INTO orders (tool_id, tool_name, user_id, customer_name, email, phone_number, address,
                           quantity, unit_price_cents, items_total_cents, shipping_cents, price_cents,
                           paid, paid_at, transaction_id, ship, shipped_at, state, closed_at,
                           stock_released_at, refund_id, created_at)
       SELECT t.id, t.name, b.id, b.name, b.email, '01711000000', '1 Easel Street',
              10 + n % 40, t.unit_price_cents, (10 + n % 40) * t.unit_price_cents, 2500,
              (10 + n % 40) * t.unit_price_cents + 2500,
              state IN ('paid', 'shipped', 'refunded'),
              CASE WHEN state IN ('paid', 'shipped', 'refunded') THEN least(at + interval '1 hour', now()) END,
              CASE WHEN state IN ('paid', 'shipped', 'refunded') THEN 'pi_bench_' || n END,
              state = 'shipped', CASE WHEN state = 'shipped' THEN at + interval '2 days' END, state,
              CASE WHEN state IN ('cancelled', 'expired', 'refunded') THEN at + interval '48 hours' END,
              CASE WHEN state IN ('cancelled', 'expired', 'refunded') THEN at + interval '48 hours' END,
              CASE WHEN state = 'refunded' THEN 're_bench_' || n END,
              at
       FROM fated
       JOIN picked t ON t.k = 1 + n % (SELECT count(*) FROM tools)
       JOIN buyers b ON b.k = 1 + n % $3`,
      [count, spacingSeconds, customers],
    );
    // Every order has its lines (docs/behaviour.md §5.1): each seeded order, its one.
    await client.query(
      `INSERT INTO order_lines (order_id, position, tool_id, tool_name, quantity, unit_price_cents, line_total_cents)
       SELECT id, 1, tool_id, tool_name, quantity, unit_price_cents, items_total_cents FROM orders
       WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id)`,
    );
    await client.query('DELETE FROM order_mail_outbox');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('SELECT fold_order_rollups()');
  await pool.query('VACUUM ANALYZE');
}
