interface StudentCardProps {
  name: string;
  course: string;
  year: number;
}

function StudentCard({ name, course, year }: StudentCardProps) {
  return (
    <article className="demo-card">
      <h3>{name}</h3>
      <p>Course: {course}</p>
      <p>Year: {year}</p>
    </article>
  );
}

export function ClassList() {
  return (
    <div className="demo-cards">
      <StudentCard name="Asha Rao" course="BCom" year={1} />
      <StudentCard name="Ravi Kumar" course="BCA" year={2} />
      <StudentCard name="Meera Iyer" course="BBA" year={3} />
    </div>
  );
}
