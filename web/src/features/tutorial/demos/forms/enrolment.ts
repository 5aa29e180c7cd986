export interface Enrolment {
  readonly name: string;
  readonly email: string;
  readonly course: string;
}

export const courses = ['BCom', 'BBA', 'BCA'] as const;

export const emptyEnrolment: Enrolment = { name: '', email: '', course: 'BCA' };

/** The values as they will be sent: trimmed, or null if a field is blank. */
export function completeEnrolment(values: Enrolment): Enrolment | null {
  const cleaned = { name: values.name.trim(), email: values.email.trim(), course: values.course };
  if (!cleaned.name || !cleaned.email || !courses.some((course) => course === cleaned.course)) return null;
  return cleaned;
}
