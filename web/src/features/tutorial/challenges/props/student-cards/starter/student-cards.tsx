// StudentCard always shows Asha. Give it props so that each card shows its own student.
function StudentCard() {
  return (
    <article className="demo-card">
      <h3>Asha Rao</h3>
      <p>Course: BCom</p>
      <p>Year: 1</p>
    </article>
  );
}

export function ClassList() {
  return (
    <div className="demo-cards">
      {/* Asha Rao, BCom, year 1 */}
      <StudentCard />
      {/* Ravi Kumar, BCA, year 2 */}
      <StudentCard />
      {/* Meera Iyer, BBA, year 3 */}
      <StudentCard />
    </div>
  );
}
