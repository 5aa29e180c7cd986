import { college, type Course } from './college';

/**
 * The courses as a fresh installation starts them, keyed as the server's course fields
 * (crates/college-site/src/content/courses/fields.rs): the build writes them into
 * `_meta/courses.json`, from which the server makes each course's first revision. From then
 * on the office edits them in the staff area, and the server renders `/courses` and each
 * course's page from what it published.
 */

/** Admission to the college's degrees is through Gujarat's common admission portal. */
const ADMISSION_PORTAL = 'https://gcas.gujgov.edu.in/';

/** UGC's refund schedule (2018), which every course follows. */
const REFUND_POLICY = [
  'Fees are refunded as the UGC notification on fee refunds (2018) sets out, counted from the date admission was formally due to close:',
  '',
  '- **15 days or more before** that date: 100%, less a processing charge of at most 5% (never more than Rs 5,000)',
  '- **Less than 15 days before**: 90%',
  '- **Up to 15 days after**: 80%',
  '- **16 to 30 days after**: 50%',
  '- **More than 30 days after**: no refund',
  '',
  'Certificates are returned at once and never held back for fees. Write to the office to ask for a refund.',
].join('\n');

const HOW_TO_APPLY = [
  'Admission to the first year is through the Gujarat Common Admission Services (GCAS) portal: the college considers only applicants registered there.',
  '',
  '1. Register on the GCAS portal with your mobile number and email address, and pay the portal fee online.',
  '2. Fill in your details and marks, and upload the documents listed below.',
  '3. Choose Riverside College and this course among your preferences.',
  '4. Watch the portal for the merit list and your allotment, and confirm your seat there by the date it gives.',
  '5. Come to the college office with the original documents and pay the first instalment of the fee.',
].join('\n');

const DOCUMENTS = [
  '- Class 10 and class 12 mark sheets',
  '- School leaving certificate',
  '- Aadhaar card',
  '- Caste certificate and non-creamy layer certificate, if you apply in a reserved category',
  '- Two recent passport-size photographs',
].join('\n');

const KEY_DATES = [
  'GCAS registration opens | 2027-04-15',
  'GCAS registration closes | 2027-05-31',
  'First merit list | 2027-06-10',
  'Classes begin | 2027-07-01',
].join('\n');

interface CourseText {
  readonly position: string;
  readonly duration: string;
  readonly seats: string;
  readonly eligibility: string;
  readonly feePerYear: string;
  readonly feeIncludes: string;
  readonly subjects: string;
}

const details: Record<string, CourseText> = {
  bcom: {
    position: '1',
    duration: '3 years, in 6 semesters',
    seats: '180',
    eligibility: 'Class 12 (HSC) passed in any stream from a recognised board. Students from commerce have studied most of the first year\'s ground already.',
    feePerYear: '32000',
    feeIncludes: 'Tuition, the library, the computer labs, university examination fees and the student activity fund.',
    subjects: [
      '## Year 1',
      'Financial Accounting, Business Economics, Business Communication, Principles of Management, Computer Applications in Business',
      '',
      '## Year 2',
      'Corporate Accounting, Cost Accounting, Business Law, Banking and Insurance, Income Tax',
      '',
      '## Year 3',
      'Management Accounting, Auditing, Goods and Services Tax, Financial Markets, a project with a local firm',
    ].join('\n'),
  },
  bba: {
    position: '2',
    duration: '3 years, in 6 semesters',
    seats: '120',
    eligibility: 'Class 12 (HSC) passed in any stream from a recognised board.',
    feePerYear: '38000',
    feeIncludes: 'Tuition, the library, industry visits, university examination fees and the student activity fund.',
    subjects: [
      '## Year 1',
      'Principles of Management, Business Economics, Financial Accounting, Business Communication, Business Statistics',
      '',
      '## Year 2',
      'Marketing Management, Human Resource Management, Financial Management, Organisational Behaviour, Research Methods',
      '',
      '## Year 3',
      'Strategic Management, Entrepreneurship, International Business, electives in marketing or finance, an internship of eight weeks',
    ].join('\n'),
  },
  bca: {
    position: '3',
    duration: '3 years, in 6 semesters',
    seats: '120',
    eligibility: 'Class 12 (HSC) passed in any stream from a recognised board, with Mathematics or Computer Science at class 11 or 12 preferred.',
    feePerYear: '45000',
    feeIncludes: 'Tuition, the computer labs with your own account, the library, university examination fees and the student activity fund.',
    subjects: [
      '## Year 1',
      'Programming in C, Computer Fundamentals, Mathematics for Computing, Digital Electronics, Communication Skills',
      '',
      '## Year 2',
      'Data Structures, Object-Oriented Programming in Java, Database Management Systems, Operating Systems, Web Development',
      '',
      '## Year 3',
      'Software Engineering, Computer Networks, Python Programming, Cloud Computing, a project built for a real user',
    ].join('\n'),
  },
};

/** The courses a fresh installation starts with (the build writes them for the server). */
const startingCourses: readonly Course[] = [
  {
    id: 'bcom',
    code: 'BCom',
    name: 'Bachelor of Commerce',
    duration: '3 years',
    description: 'Accounting, finance, taxation and business law, with hands-on practice in the tools firms use every day.',
    action: { label: 'Fees and how to apply', href: '/courses/bcom' },
  },
  {
    id: 'bba',
    code: 'BBA',
    name: 'Bachelor of Business Administration',
    duration: '3 years',
    description: 'Management, marketing and entrepreneurship through case studies, live projects and internships.',
    action: { label: 'Fees and how to apply', href: '/courses/bba' },
  },
  {
    id: 'bca',
    code: 'BCA',
    name: 'Bachelor of Computer Applications',
    duration: '3 years',
    description: 'Programming, databases and web development, from first principles to building real applications.',
    action: { label: 'Fees and how to apply', href: '/courses/bca' },
  },
];

/** Each starting course with its details, as the server's fields. */
export const startingCourseText = Object.fromEntries(
  startingCourses.map((course) => {
    const text = details[course.id];
    if (!text) throw new Error(`content/courses.ts has no details for the course ${course.id}`);
    return [
      course.id,
      {
        name: course.name,
        code: course.code,
        summary: course.description,
        ...text,
        refundPolicy: REFUND_POLICY,
        keyDates: KEY_DATES,
        howToApply: HOW_TO_APPLY,
        applyAddress: ADMISSION_PORTAL,
        documents: DOCUMENTS,
        downloads: '',
        contactName: 'The admissions office, Monday to Saturday, 10:00 to 17:00',
        contactPhone: college.phone,
        contactEmail: college.email,
      },
    ];
  }),
) satisfies Record<string, Record<string, string>>;
