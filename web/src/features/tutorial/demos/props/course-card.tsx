import { formatHours, formatPrice } from './course-format';

interface CourseCardProps {
  title: string;
  hours: number;
  price: number;
}

function CourseCard({ title, hours, price }: CourseCardProps) {
  return (
    <article className="demo-card">
      <h3>{title}</h3>
      <p>Duration: {formatHours(hours)}</p>
      <p>Fee: {formatPrice(price)}</p>
    </article>
  );
}

export function CourseCards() {
  return (
    <div className="demo-cards">
      <CourseCard title="React for beginners" hours={3} price={2000} />
      <CourseCard title="Hooks in depth" hours={5} price={3500} />
    </div>
  );
}
