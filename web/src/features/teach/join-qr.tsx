import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The join link as a QR code, for phones in a lab: dark modules on white in
 * light and dark mode alike (scanners expect that), drawn as one SVG path
 * with presentation attributes only, no inline styles.
 */
export function JoinQr({ link }: { readonly link: string }) {
  const { size, path } = useMemo(() => {
    // A quiet zone of 4 modules, as the standard asks, so that phones find the code on any background.
    const { size, data } = encode(link, { ecc: 'M', border: 4 });
    const runs: string[] = [];
    data.forEach((row, y) => {
      for (let x = 0; x < size; x++) {
        if (!row[x]) continue;
        const start = x;
        while (row[x + 1]) x++;
        runs.push(`M${start} ${y}h${x - start + 1}v1H${start}z`);
      }
    });
    return { size, path: runs.join('') };
  }, [link]);
  return (
    <svg className="join-qr" role="img" aria-label={`QR code of the join link, ${link}`} viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
