// The faculty and staff directory: an editor adds a person in the staff area's "Faculty and
// staff" room, fills in their appointments, qualifications and photo, and publishes; a visitor
// finds them at /people by words and by department, with JavaScript and without, and reads
// their profile; the editor puts them on a committee, chosen from the people, and the
// disclosure links to them; axe finds nothing on the room, the editors, the directory or the
// profile. It
// runs on a site of the test's own, so that the shared site's directory stays empty.
import { registerNew } from './account-helpers';
import { expect, noViolationsOnAPhone, staticOnly, test, waitForApp } from './fixtures';
import { startSite, stopSite } from './own-site';
import { grantRole } from './roles-helpers';
import { openStaff } from './staff-helpers';

/** A 4 by 4 PNG: a photo as far as the server's checks go. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4IScHRwzEcQCxYxBBO0tjggAAAABJRU5ErkJggg==', 'base64');

test.describe('faculty and staff', () => {
  test('an editor adds a teacher with a photo, and visitors find and read them with JavaScript and without', async ({ browser }) => {
    test.skip(staticOnly, 'the directory is kept by the real server');
    test.slow();
    const site = await startSite();
    try {
      const context = await browser.newContext({ baseURL: site.url });
      const page = await context.newPage();
      const email = await registerNew(page, 'Directory Editor', 'people');
      await grantRole(page, email, 'editor', site.database);
      await openStaff(page, '/staff/directory');
      await expect(page.getByRole('heading', { level: 1, name: 'Faculty and staff' })).toBeVisible();
      await expect(page.getByText('These are people on the website, not sign-in accounts.', { exact: false })).toBeVisible();
      await noViolationsOnAPhone(page, 'the directory room');

      await page.getByLabel('Name, as the college writes it (Dr Meera Shah)').fill('Dr Meera Shah');
      await page.getByRole('button', { name: 'Add and fill in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Dr Meera Shah' })).toBeVisible();
      await expect(page).toHaveURL('/staff/directory/dr-meera-shah');

      // A wrong line is named at its field, and the keyboard is taken there.
      const appointments = page.getByLabel('Appointments (optional)');
      await appointments.fill('Associate Professor | Commerce | Full-time');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(appointments).toBeFocused();
      await expect(page.getByText(/^Write each appointment as designation/)).toBeVisible();
      await appointments.fill('Lecturer | Commerce | Contract | 2012-06-15 | 2015-06-30\nAssociate Professor | Commerce | Full-time | 2015-07-01');
      await page.getByLabel('Qualifications (optional)').fill('PhD | Commerce | Gujarat University | 2014\nNET | Commerce | UGC | 2010');
      await page.getByLabel('Subjects taught (optional)').fill('Financial accounting, taxation');
      await expect(page.getByLabel('Staff', { exact: true })).toHaveValue('Teaching');

      const files = page.getByRole('region', { name: 'Attachments' });
      const picker = files.getByLabel('Attach a file', { exact: true }).and(page.locator('input[type=file]'));
      await picker.setInputFiles({ name: 'meera.png', mimeType: 'image/png', buffer: PHOTO });
      await expect(files.getByRole('status')).toHaveText('“meera.png” is attached. Use it as the photo to show it to visitors.');
      await files.getByRole('button', { name: 'Use as the photo: meera.png' }).click();
      await expect(page.getByLabel('Photo (optional)')).toHaveValue(/^\/files\/\d+-[0-9a-f]{20}(-\d+)?\.png$/);
      await noViolationsOnAPhone(page, 'a person’s editor');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
      const publishing = page.getByRole('region', { name: 'Publishing' });
      await publishing.getByRole('button', { name: 'Publish this version' }).click();
      await expect(publishing.getByRole('status')).toHaveText('Published. Visitors see it now.');

      await page.getByRole('link', { name: 'Back to the faculty and staff' }).click();
      const current = page.getByRole('region', { name: 'With the college (1 person)' });
      await expect(current.getByRole('row').filter({ hasText: 'Dr Meera Shah' })).toContainText('Associate Professor, Commerce');

      // A second teacher in Commerce, then Meera moved below him: visitors see the new order.
      await page.getByLabel('Name, as the college writes it (Dr Meera Shah)').fill('Bhavin Trivedi');
      await page.getByRole('button', { name: 'Add and fill in' }).click();
      await page.getByLabel('Appointments (optional)').fill('Assistant Professor | Commerce | Contract | 2021-07-01');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
      await page.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Publish this version' }).click();
      await expect(page.getByRole('region', { name: 'Publishing' }).getByRole('status')).toHaveText('Published. Visitors see it now.');
      await page.getByRole('link', { name: 'Back to the faculty and staff' }).click();
      const withUs = page.getByRole('region', { name: 'With the college (2 people)' });
      await expect(withUs.getByRole('rowheader')).toHaveText(['Bhavin Trivedi', 'Dr Meera Shah']);
      await withUs.getByRole('button', { name: /^Up ?, move Dr Meera Shah up in Commerce$/ }).click();
      await expect(withUs.getByRole('status')).toHaveText('Dr Meera Shah moved up in Commerce. Visitors see the new order now.');
      await expect(withUs.getByRole('rowheader')).toHaveText(['Dr Meera Shah', 'Bhavin Trivedi']);

      // She sits on the IQAC: chosen from the people, her name, page and contact come from her record.
      await openStaff(page, '/staff/disclosure/iqac');
      await page.getByLabel('What the cell does').fill('The cell reviews teaching every term.');
      await page.getByLabel("The committee's email").fill('iqac@college.example');
      const choose = page.getByRole('group', { name: 'Add one of the college’s people' });
      await choose.getByLabel('Person', { exact: true }).fill('Dr Meera Shah (@dr-meera-shah)');
      await choose.getByLabel('Role on the committee').fill('Coordinator');
      await noViolationsOnAPhone(page, 'a committee with its people picker');
      await choose.getByRole('button', { name: 'Add to the members' }).click();
      await expect(page.getByLabel('Members', { exact: true })).toHaveValue('@dr-meera-shah | Coordinator');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page.getByText('Saved. Visitors see the published version until you publish this one.')).toBeVisible();
      await page.getByRole('region', { name: 'Publishing' }).getByRole('button', { name: 'Publish this version' }).click();
      await expect(page.getByRole('region', { name: 'Publishing' }).getByRole('status')).toHaveText('Published. Visitors see it now.');
      await openStaff(page, '/staff/directory');

      const visitor = await context.newPage();
      await visitor.goto('/disclosure#iqac');
      await expect(visitor.getByRole('region', { name: 'Internal quality assurance cell (IQAC)' }).getByRole('link', { name: 'Dr Meera Shah' })).toHaveAttribute(
        'href',
        '/people/dr-meera-shah',
      );
      // About's own word on the faculty leads there, and so does the footer.
      await visitor.goto('/about');
      await waitForApp(visitor);
      await visitor.getByRole('main').getByRole('link', { name: 'Meet our faculty and staff' }).click();
      await expect(visitor).toHaveURL('/people');
      await visitor.goto('/about');
      await waitForApp(visitor);
      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Experienced faculty' }).click();
      await expect(visitor).toHaveURL('/people');
      await expect(visitor).toHaveTitle('Faculty and staff | Riverside College of Commerce & Computing');
      await waitForApp(visitor);
      const commerce = visitor.getByRole('region', { name: 'Commerce' });
      await expect(commerce.getByRole('heading', { level: 3 })).toHaveText(['Dr Meera Shah', 'Bhavin Trivedi']);
      await expect(commerce.getByRole('listitem').first()).toContainText('PhD, Commerce');
      await noViolationsOnAPhone(visitor, '/people');

      const search = visitor.getByRole('search', { name: 'Faculty and staff' });
      await search.getByLabel('Name or subject').fill('chemistry');
      await search.getByRole('button', { name: 'Find' }).click();
      await expect(visitor).toHaveURL('/people?q=chemistry&department=');
      await expect(visitor.getByRole('status').filter({ hasText: 'Nobody matches.' })).toBeVisible();
      await visitor.getByLabel('Name or subject').fill('taxation');
      await visitor.getByRole('button', { name: 'Find' }).click();
      await expect(visitor.getByText('1 person matches.')).toBeVisible();
      await visitor.getByRole('link', { name: 'Dr Meera Shah' }).click();
      await expect(visitor).toHaveURL('/people/dr-meera-shah');
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Dr Meera Shah');
      await expect(visitor.getByRole('region', { name: 'Qualifications' })).toContainText('PhD in Commerce, Gujarat University, 2014');
      await expect(visitor.getByRole('region', { name: 'Committees' })).toContainText('Internal quality assurance cell (IQAC), Coordinator');
      await expect(visitor.locator('.person__header img')).toHaveAttribute('src', /^\/files\//);
      await waitForApp(visitor);
      await noViolationsOnAPhone(visitor, 'a profile');

      const plain = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
      const reader = await plain.newPage();
      await reader.goto('/people');
      await reader.getByLabel('Department').selectOption('Commerce');
      await reader.getByRole('button', { name: 'Find' }).click();
      await expect(reader).toHaveURL('/people?q=&department=commerce');
      await expect(reader.getByRole('link', { name: 'Dr Meera Shah' })).toBeVisible();
      await reader.getByRole('link', { name: 'Dr Meera Shah' }).click();
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Dr Meera Shah');
      await plain.close();
      await context.close();
    } finally {
      await stopSite(site);
    }
  });
});
