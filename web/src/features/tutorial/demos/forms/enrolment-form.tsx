import { useState, type ChangeEvent, type FormEvent } from 'react';
import { completeEnrolment, courses, emptyEnrolment, type Enrolment } from './enrolment';

export function EnrolmentForm() {
  const [values, setValues] = useState<Enrolment>(emptyEnrolment);
  const [submitted, setSubmitted] = useState<Enrolment | null>(null);

  // One handler for every field: the input's name says which value changes.
  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.target;
    setValues({ ...values, [name]: value });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault(); // stay on the page; React handles the data
    const enrolment = completeEnrolment(values);
    if (!enrolment) return;
    setSubmitted(enrolment);
    setValues(emptyEnrolment);
  }

  return (
    <>
      <form className="demo-form" onSubmit={handleSubmit}>
        <label htmlFor="enrol-name">Full name</label>
        <input id="enrol-name" name="name" value={values.name} onChange={handleChange} required />

        <label htmlFor="enrol-email">Email</label>
        <input id="enrol-email" name="email" type="email" value={values.email} onChange={handleChange} required />

        <label htmlFor="enrol-course">Course</label>
        <select id="enrol-course" name="course" value={values.course} onChange={handleChange}>
          {courses.map((course) => (
            <option key={course}>{course}</option>
          ))}
        </select>

        <button type="submit" className="demo-button">
          Submit
        </button>
      </form>

      <div aria-live="polite">
        {submitted && (
          <dl className="demo-result">
            <dt>Name</dt>
            <dd>{submitted.name}</dd>
            <dt>Email</dt>
            <dd>{submitted.email}</dd>
            <dt>Course</dt>
            <dd>{submitted.course}</dd>
          </dl>
        )}
      </div>
    </>
  );
}
