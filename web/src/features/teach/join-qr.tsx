import { QrCode } from '../../shared/components/qr-code';

/** The join link as a QR code, for phones in a lab. */
export function JoinQr({ link }: { readonly link: string }) {
  return <QrCode text={link} label={`QR code of the join link, ${link}`} className="join-qr" />;
}
