import { useId, useState } from 'react';
import { searchCourses, searchCount } from './courses';

export function CourseSearch() {
  const [query, setQuery] = useState('');
  const [large, setLarge] = useState(false);
  const inputId = useId();

  const results = searchCourses(query);

  return (
    <div className="demo-stack">
      <label htmlFor={inputId}>Search courses</label>
      <input id={inputId} value={query} onChange={(event) => setQuery(event.target.value)} />
      <label>
        <input type="checkbox" checked={large} onChange={(event) => setLarge(event.target.checked)} /> Large text
      </label>
      <ul style={{ fontSize: large ? '1.25rem' : undefined }}>
        {results.map((course) => (
          <li key={course}>{course}</li>
        ))}
      </ul>
      <p aria-live="polite" className="demo-value">
        Searches so far: {searchCount()}
      </p>
    </div>
  );
}
