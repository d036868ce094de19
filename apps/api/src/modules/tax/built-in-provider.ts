import { sql } from 'drizzle-orm';
import { euVatNumber, isEuCountry, type TaxRule } from '@shop/shared/tax';
import { rowsOf, type DbExecutor } from '../../db/client';
import { jurisdictionOf } from './registrations';
import type { TaxProvider, TaxRequest } from './tax-provider';

const untaxed = (
  reason: TaxRule['reason'],
  jurisdiction: string,
  label: string,
  reference: string | null,
): TaxRule => ({ reason, jurisdiction, label, ratePpm: 0, taxesShipping: false, reference });

/** What one decision reads: the place's registration, the buyer's company, its certificate there. */
interface Facts {
  country: string | null;
  region: string | null;
  label: string | null;
  rate_ppm: number | null;
  taxes_shipping: boolean | null;
  tax_number: string | null;
  company_country: string | null;
  certificate: string | null;
}

/**
 * The shop's own tax decisions, from its registrations and its customers' exemptions
 * (docs/behaviour.md §5.22), in this order:
 * 1. Reverse charge: the shop is established in the EU (SHOP_COUNTRY), the order ships to another
 *    member state, and the buyer's company has a VAT number of its own member state, not the
 *    shop's. The buyer accounts for the VAT; the documents say so.
 * 2. Not registered: the shop has no registration for the destination's region nor its country.
 * 3. Exempt: the buyer's company has a verified resale certificate for that region, not expired.
 * 4. Taxed at the registration's rate (the region's own registration before its country's).
 * Everything it needs is read in one query, inside the checkout's transaction.
 */
export function createBuiltInTaxProvider(shop: { country: string }): TaxProvider {
  return {
    name: 'built-in',
    async estimate(db: DbExecutor, { destination, buyerId }: TaxRequest): Promise<TaxRule> {
      const region = destination.region?.trim().toUpperCase() || null;
      const facts = await factsFor(db, buyerId, destination.country, region);
      const vatNumber =
        facts.tax_number && facts.company_country
          ? euVatNumber(facts.tax_number, facts.company_country)
          : null;
      if (
        vatNumber &&
        isEuCountry(shop.country) &&
        isEuCountry(destination.country) &&
        destination.country !== shop.country &&
        facts.company_country !== shop.country
      ) {
        return untaxed('reverse-charge', destination.country, 'VAT', vatNumber);
      }
      if (facts.country === null || facts.label === null || facts.rate_ppm === null) {
        return untaxed('not-registered', jurisdictionOf(destination.country, region), 'Tax', null);
      }
      const jurisdiction = jurisdictionOf(facts.country, facts.region);
      if (facts.certificate) return untaxed('exempt', jurisdiction, facts.label, facts.certificate);
      return {
        reason: 'taxed',
        jurisdiction,
        label: facts.label,
        ratePpm: facts.rate_ppm,
        taxesShipping: facts.taxes_shipping ?? true,
        reference: null,
      };
    },
  };
}

/** The registration for the place (the region's own first), the buyer's approved company, and its certificate there. */
async function factsFor(
  db: DbExecutor,
  buyerId: string,
  country: string,
  region: string | null,
): Promise<Facts> {
  const result = await db.execute(sql`
    SELECT r.country, r.region, r.label, r.rate_ppm, r.taxes_shipping,
           c.tax_number, c.billing_address ->> 'country' AS company_country, cert.number AS certificate
      FROM (SELECT 1) AS one
      LEFT JOIN LATERAL (
        SELECT * FROM tax_registrations
         WHERE country = ${country} AND (region IS NULL OR region = ${region})
         ORDER BY region NULLS LAST LIMIT 1
      ) AS r ON true
      LEFT JOIN company_members m ON m.user_id = ${buyerId}
      LEFT JOIN companies c ON c.id = m.company_id AND c.state = 'approved'
      LEFT JOIN LATERAL (
        SELECT number FROM resale_certificates
         WHERE company_id = c.id AND country = ${country} AND region = ${region}
           AND state = 'verified' AND expires_on >= current_date
         LIMIT 1
      ) AS cert ON true`);
  return rowsOf<Facts>(result)[0]!;
}
