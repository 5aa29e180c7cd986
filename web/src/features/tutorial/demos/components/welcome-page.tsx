const topics = [
  { id: 'jsx', name: 'JSX: HTML-like markup inside JavaScript' },
  { id: 'components', name: 'Components: functions that return markup' },
  { id: 'composition', name: 'Composition: components inside components' },
];

function Greeting() {
  return <p>Welcome to the React tutorial!</p>;
}

function TopicList() {
  return (
    <ul>
      {topics.map((topic) => (
        <li key={topic.id}>{topic.name}</li>
      ))}
    </ul>
  );
}

export function WelcomePage() {
  return (
    <section>
      <Greeting />
      <h3>Today you will learn</h3>
      <TopicList />
    </section>
  );
}
