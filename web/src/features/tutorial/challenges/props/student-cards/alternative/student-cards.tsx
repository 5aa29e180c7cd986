// Another correct answer: one `student` object as the prop, and the cards made from an array.
interface Student {
  id: number;
  name: string;
  course: string;
  year: number;
}

const students: Student[] = [
  { id: 1, name: 'Asha Rao', course: 'BCom', year: 1 },
  { id: 2, name: 'Ravi Kumar', course: 'BCA', year: 2 },
  { id: 3, name: 'Meera Iyer', course: 'BBA', year: 3 },
];

function StudentCard(props: { student: Student }) {
  const { name, course, year } = props.student;
  return (
    <div className="demo-card">
      <h3>{name}</h3>
      <p>
        {course}, year {year}
      </p>
    </div>
  );
}

export function ClassList() {
  return (
    <div className="demo-cards">
      {students.map((student) => (
        <StudentCard key={student.id} student={student} />
      ))}
    </div>
  );
}
