import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code for authenticator apps. Its own chunk (loaded with the setup
 * step), so the QR encoder stays out of every other page. Drawn as one SVG path: no inline
 * markup to inject, nothing the Content-Security-Policy would have to allow.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { border: 2 });
  const path = data
    .flatMap((row, y) => row.map((isDark, x) => (isDark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
