import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  children: ReactNode;
}

// Another correct answer: no destructuring, and the children wrapped in a div of their own.
function Panel(props: PanelProps) {
  return (
    <section className="demo-card">
      <h3>{props.title}</h3>
      <div className="demo-stack">{props.children}</div>
    </section>
  );
}

export function NoticeBoard() {
  return (
    <div className="demo-stack">
      <Panel title="Exams">
        <p>Exams start on 3 March.</p>
      </Panel>
      <Panel title="Library">
        <p>The library is open until 8 pm.</p>
        <p>Return books within two weeks.</p>
      </Panel>
    </div>
  );
}
