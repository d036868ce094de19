import type { ShippingAddress } from '@shop/shared/contracts/addresses';
import { countryName } from '@shop/shared/countries';

/**
 * An address as a label reads it, a line each: name, company, the street lines, the city with its
 * region and postal code, the country by name, then the phone. The address book, checkout and the
 * order page show addresses so.
 */
export function AddressLines({ address, className }: { address: ShippingAddress; className?: string }) {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  const lines = [
    address.name,
    address.company,
    address.line1,
    address.line2,
    place,
    countryName(address.country),
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className={`not-italic wrap-anywhere ${className ?? ''}`}>
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
