import { useId, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

const courses = ['Biology', 'Chemistry', 'Physics', 'Mathematics', 'Computer Science', 'Economics', 'History'];

export function CourseFinder() {
  const [query, setQuery] = useState('');
  // What the list shows: the search text, once the typing has paused for 300 ms.
  const search = useDebouncedValue(query, 300);
  const inputId = useId();

  const found = courses.filter((course) => course.toLowerCase().includes(search.trim().toLowerCase()));

  return (
    <div className="demo-stack">
      <label htmlFor={inputId}>Find a course</label>
      <input id={inputId} value={query} onChange={(event) => setQuery(event.target.value)} />
      <ul>
        {found.map((course) => (
          <li key={course}>{course}</li>
        ))}
      </ul>
      <p aria-live="polite">
        {found.length} of {courses.length} courses
      </p>
    </div>
  );
}
