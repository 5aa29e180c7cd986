// About's text as a new site starts it (the office edits it since, in the staff area). A
// module of its own, as contact.ts: only About's chunk carries it, not the script every page
// loads (a module shared by two chunks goes whole into the one they share).
import type { LinkItem, SellingPoint } from './college';

export interface AboutText {
  readonly heading: string;
  readonly intro: string;
  readonly sellingPoints: readonly SellingPoint[];
  readonly closing: string;
  readonly closingAction: LinkItem;
}

export const aboutText: AboutText = {
  heading: 'Why join Riverside College?',
  intro: 'For over twenty years we have helped students turn their interests into careers. Here is what sets us apart.',
  sellingPoints: [
    {
      id: 'faculty',
      title: 'Experienced faculty',
      text: 'Our teachers combine academic qualifications with years of work in industry, and keep classes small enough to know every student by name.',
    },
    {
      id: 'facilities',
      title: 'Modern facilities',
      text: 'Well-equipped computer labs, a library with digital journals, Wi-Fi across campus and quiet spaces for group study.',
    },
    {
      id: 'industry-exposure',
      title: 'Industry exposure',
      text: 'Guest lectures, company visits, live projects and internships connect what you learn in class with how businesses really work.',
    },
    {
      id: 'holistic-development',
      title: 'Holistic development',
      text: 'Sports, cultural festivals, clubs and community service help you grow in confidence, teamwork and leadership.',
    },
    {
      id: 'placement-assistance',
      title: 'Placement assistance',
      text: 'Our placement cell helps with CVs, mock interviews and aptitude training, and invites recruiters to campus every year.',
    },
  ],
  closing: 'Come and see for yourself. Visit the campus, meet our teachers and find the course that fits you.',
  closingAction: { label: 'Contact us to arrange a visit', href: '/contact' },
};

/** About's starting text, keyed as the server's fields (see pages.ts). */
export const startingAboutText = (): Record<string, string> => ({
  heading: aboutText.heading,
  intro: aboutText.intro,
  ...Object.fromEntries(
    aboutText.sellingPoints.flatMap((point, index) => [
      [`points.${index}.title`, point.title],
      [`points.${index}.text`, point.text],
    ]),
  ),
  closing: aboutText.closing,
  action: aboutText.closingAction.label,
});
