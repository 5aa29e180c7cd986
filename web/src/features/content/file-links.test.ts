import { expect, it } from 'vitest';
import { fileMarkdown, sizeInWords } from './file-links';

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
