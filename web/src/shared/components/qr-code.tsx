import { correction, generate } from 'lean-qr';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules, as the QR standard asks: phones find the code on any background. */
const QUIET_ZONE = 4;

/**
 * `text` as a QR code, for a phone's camera: dark modules on white in light
 * and dark mode alike (scanners expect that), drawn as one SVG path with
 * presentation attributes only, no inline styles.
 */
export function QrCode({ text, label, className }: { readonly text: string; readonly label: string; readonly className: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(text, { minCorrectionLevel: correction.M });
    const runs: string[] = [];
    for (let y = 0; y < code.size; y++) {
      for (let x = 0; x < code.size; x++) {
        if (!code.get(x, y)) continue;
        const start = x;
        while (code.get(x + 1, y)) x++;
        runs.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start + 1}v1H${start + QUIET_ZONE}z`);
      }
    }
    return { size: code.size + 2 * QUIET_ZONE, path: runs.join('') };
  }, [text]);
  return (
    <svg className={className} role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
