import { expect, it } from 'vitest';
import { fileLinkLine, fileMarkdown, sizeInWords, withLine } from './file-links';

it('links a PDF with its size, and shows an image at its largest copy', () => {
  expect(sizeInWords(300)).toBe('1 KB');
  expect(sizeInWords(820 * 1024)).toBe('820 KB');
  expect(sizeInWords(2.44 * 1024 * 1024)).toBe('2.4 MB');
  const copy = (path: string, contentType: string, bytes: number) => ({ path, contentType, width: null, height: null, bytes });
  const base = { id: 1, createdAt: 0, uploadedBy: 'Meera' };
  expect(fileMarkdown({ ...base, name: 'Fees [2026].pdf', bytes: 4096, copies: [copy('/files/1-a.pdf', 'application/pdf', 4096)] })).toBe(
    '[Fees 2026.pdf (PDF, 4 KB)](/files/1-a.pdf)',
  );
  expect(
    fileMarkdown({ ...base, name: 'campus.jpg', bytes: 9000, copies: [copy('/files/1-a-480.jpg', 'image/jpeg', 2048), copy('/files/1-b-960.jpg', 'image/jpeg', 6144)] }),
  ).toBe('![campus](/files/1-b-960.jpg)');
});

it('makes a file a line of a list of links, its words within the 60 the server takes', () => {
  const pdf = (name: string) => ({
    id: 2,
    createdAt: 0,
    uploadedBy: 'Meera',
    name,
    bytes: 820 * 1024,
    copies: [{ path: '/files/2-b.pdf', contentType: 'application/pdf', width: null, height: null, bytes: 820 * 1024 }],
  });
  expect(fileLinkLine(pdf('Prospectus | 2027.pdf'))).toBe('Prospectus   2027.pdf (PDF, 820 KB) | /files/2-b.pdf');
  const long = fileLinkLine(pdf(`${'Anti-ragging affidavit form '.repeat(4)}.pdf`));
  expect(long.split(' | ')[0]).toHaveLength(60);
  expect(long).toMatch(/… \(PDF, 820 KB\) \| \/files\/2-b\.pdf$/);
  const emoji = fileLinkLine(pdf(`${'x'.repeat(40)}🎓🎓🎓🎓🎓.pdf`)).split(' | ')[0]!;
  expect(Array.from(emoji)).toHaveLength(60);
  expect(emoji).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  expect(withLine('', 'A | /a')).toBe('A | /a');
  expect(withLine('A | /a\n\n', 'B | /b')).toBe('A | /a\nB | /b');
});
