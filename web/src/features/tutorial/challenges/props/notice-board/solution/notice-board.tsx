import type { ReactNode } from 'react';

interface PanelProps {
  title: string;
  children: ReactNode;
}

function Panel({ title, children }: PanelProps) {
  return (
    <section className="demo-card">
      <h3>{title}</h3>
      {children}
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
