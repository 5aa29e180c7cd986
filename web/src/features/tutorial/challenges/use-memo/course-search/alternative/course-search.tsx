import { useId, useMemo, useState } from 'react';
import { searchCourses, searchCount } from './courses';

// Another correct answer: the results are a child component that remembers its
// own search, keyed on the tidied-up text, so "Bio " and "bio" share one search.
function CourseResults({ query, large }: { query: string; large: boolean }) {
  const wanted = query.trim().toLowerCase();
  const results = useMemo(() => searchCourses(wanted), [wanted]);
  return (
    <>
      <ul style={{ fontSize: large ? '1.25rem' : undefined }}>
        {results.map((course) => (
          <li key={course}>{course}</li>
        ))}
      </ul>
      <p aria-live="polite" className="demo-value">
        Searches so far: {searchCount()}
      </p>
    </>
  );
}

export function CourseSearch() {
  const [query, setQuery] = useState('');
  const [large, setLarge] = useState(false);
  const inputId = useId();

  return (
    <div className="demo-stack">
      <label htmlFor={inputId}>Search courses</label>
      <input id={inputId} value={query} onChange={(event) => setQuery(event.target.value)} />
      <label>
        <input type="checkbox" checked={large} onChange={(event) => setLarge(event.target.checked)} /> Large text
      </label>
      <CourseResults query={query} large={large} />
    </div>
  );
}
